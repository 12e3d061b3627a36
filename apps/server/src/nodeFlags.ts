/**
 * The V8 flags the server runs with in production: `pnpm start`, the release's `npm start`, the systemd unit
 * in docs/deploy.md and the benchmark all start `node` with exactly these (a test keeps them in step).
 *
 * --max-semi-space-size: V8 grows the young generation to 2 x 16 MB under a burst of requests and keeps it
 * for the life of the process, a fifth of a small host's budget for the shop. With 4 MB semi-spaces the
 * shop measured about 25 MB less RSS, idle and after load, at the same order throughput (2 MB cost about a
 * fifth of it: more short-lived request objects survive into the old generation). It can only be set when
 * the process starts, which is why it lives here and not in the code.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;

/** `node <flags> <script>` as a command line. */
export function nodeCommand(script: string): string {
  return ['node', ...SERVER_NODE_FLAGS, script].join(' ');
}
