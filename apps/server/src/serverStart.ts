/**
 * How the server is started in production: `pnpm start`, the release's `npm start`, the systemd unit in
 * docs/deploy.md and the benchmark all use exactly this (a test keeps them in step).
 *
 * No V8 flags. The shop used to cap V8's young generation with --max-semi-space-size=4 (V8 grows it to
 * 2 x 16 MB under a burst on a host with several GB of memory, and on small hosts picks a smaller one by itself).
 * Since the shop collects once it is quiet (quietMemory.ts), what is left after a load is about the same
 * without it (128 MB against 127 MB after the bench's order and list loads, 27 Nov 2026), and the order path
 * spends less time in scavenges without it (12-15 against 22-26 us an order). What the flag still saved was the
 * peak of a long staff session over ten seasons of orders (bench/scale.ts: 257 MB against 201 MB, goal < 250 MB);
 * the sign-in's password hash now holds 8 MiB instead of 32 (staff/password.ts) and that peak measured 229-234 MB
 * without the flag (28 Nov 2026).
 *
 * What it does set is the C library's memory settings (glibc reads them once, when the process starts;
 * elsewhere they are ignored). After a busy spell glibc kept 34-50 MB of
 * freed memory in its main heap and 20-26 MB in one arena per V8 background thread: reading the 3.9 MB
 * server.js at start raises its trim and mmap thresholds to megabytes, so it never hands the freed pages back.
 * Two arenas and fixed 128 KB thresholds measured about 10 MB less resident after the bench's order and
 * product-list loads (139-142 MB against 149-151 MB in paired runs, 25 Nov 2026), at the same throughput.
 */
export const SERVER_ENVIRONMENT = {
  MALLOC_ARENA_MAX: '2',
  GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072:glibc.malloc.mmap_threshold=131072',
} as const satisfies Record<string, string>;

/**
 * The whole environment of a server process started here as a host starts it: SERVER_ENVIRONMENT in front, the
 * loopback address and the given port and data folder, and of the caller's own environment only PATH, so a
 * variable set in the shell that runs a benchmark or a test never changes the shop under measure.
 */
export function hostEnvironment(
  port: number,
  dataDir: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    ...SERVER_ENVIRONMENT,
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...more,
  };
}

/** `node <script>` with the environment above in front, as a shell (an npm script) runs it. */
export function startCommand(script: string): string {
  const environment = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  return [...environment, 'node', script].join(' ');
}
