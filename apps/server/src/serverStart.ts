/**
 * The V8 flags the server runs with in production: `pnpm start`, the release's `npm start`, the systemd unit
 * in docs/deploy.md and the benchmark all start `node` with exactly these (a test keeps them in step).
 *
 * --max-semi-space-size: V8 grows the young generation to 2 x 16 MB under a burst of requests and keeps it
 * for the life of the process, a fifth of a small host's budget for the shop. With 4 MB semi-spaces the
 * shop measured about 25 MB less RSS, idle and after load, at the same order throughput (2 MB cost about a
 * fifth of it: more short-lived request objects survive into the old generation). Since the shop collects
 * once it is quiet (quietMemory.ts), what is left after a load is about the same without it (128 MB against
 * 127 MB after the bench's order and list loads, 27 Nov 2026), but the peak is not: 257 MB against 201 MB
 * while staff load ten seasons of orders (bench/scale.ts, goal < 250 MB). It can only be set when the process
 * starts, which is why it lives here and not in the code.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;

/**
 * The C library's memory settings the server starts with, in the same places as the flags above (glibc reads
 * them once, when the process starts; elsewhere they are ignored). After a busy spell glibc kept 34-50 MB of
 * freed memory in its main heap and 20-26 MB in one arena per V8 background thread: reading the 3.9 MB
 * server.js at start raises its trim and mmap thresholds to megabytes, so it never hands the freed pages back.
 * Two arenas and fixed 128 KB thresholds measured about 10 MB less resident after the bench's order and
 * product-list loads (139-142 MB against 149-151 MB in paired runs, 25 Nov 2026), at the same throughput.
 */
export const SERVER_ENVIRONMENT = {
  MALLOC_ARENA_MAX: '2',
  GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072:glibc.malloc.mmap_threshold=131072',
} as const satisfies Record<string, string>;

/** `node <flags> <script>` as a command line. */
export function nodeCommand(script: string): string {
  return ['node', ...SERVER_NODE_FLAGS, script].join(' ');
}

/** The same with the environment above in front, as a shell (an npm script) runs it. */
export function startCommand(script: string): string {
  const environment = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  return [...environment, nodeCommand(script)].join(' ');
}
