/**
 * Loaded before the release server (`node --import bench/loopMonitor.ts release/server.js`) by the event-loop
 * and small-host benches: the server's own event-loop delay (monitorEventLoopDelay) and its thread's CPU time,
 * reset and read by the bench over IPC. Nothing is added to the shop itself; the workers the server starts
 * inherit the flag, and measure nothing.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.send) {
  // 1 ms resolution: the delays that matter here are tens of milliseconds and more.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The CPU time of the server's own thread (Node 23.9+; not its workers'): on a busy machine the loop's
  // delays include waiting for a CPU, this does not, and no single hold can be longer than it.
  const threadCpuMs = () => {
    const { user, system } = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
    return (user + system) / 1000;
  };
  let cpuAtReset = threadCpuMs();
  process.on('message', (message) => {
    if (message === 'reset') {
      delay.reset();
      cpuAtReset = threadCpuMs();
      process.send?.({ reset: true });
    } else if (message === 'read') {
      process.send?.({
        maxMs: delay.max / 1e6,
        p99Ms: delay.percentile(99) / 1e6,
        threadCpuMs: threadCpuMs() - cpuAtReset,
      });
    }
  });
  // The IPC channel must not keep a stopped server alive.
  process.channel?.unref();
}
