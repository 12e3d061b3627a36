import { ConfigError, loadConfig } from '@nursery/api';
import { ShopStartError } from '@nursery/db';
import { createServer } from './createServer.ts';
import { collectAndTrim, startQuietMemory } from './quietMemory.ts';

/** How long requests in flight may take to finish once the service is told to stop. */
const SHUTDOWN_GRACE_MS = 20_000;

// The only place that reads the process environment for the server.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let shop: Awaited<ReturnType<typeof createServer>>;
  try {
    shop = await createServer({ config });
  } catch (error) {
    // Said in words the owner can act on (another shop on the folder, a damaged database file), not a stack.
    if (error instanceof ShopStartError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The start-up's garbage (the bundle compiled, the database checked, the first answers built) and the young
  // generation V8 grew for it are given back before the first request, not after the first quiet spell, which
  // a shop busy from its start never has: on a ten-season shop 163-170 MB became 139 MB, and every later peak
  // about 20 MB lower. Nobody waits for it yet (50-100 ms).
  await collectAndTrim().catch((error: unknown) =>
    shop.server.log.warn({ err: error }, 'the start-up memory is not given back'),
  );
  const url = await shop.start();
  shop.server.log.info(
    `The shop is open at ${url.replace('127.0.0.1', 'localhost')} (data in ${config.dataDir})`,
  );
  // A busy spell's memory goes back to the system once the shop is quiet (src/quietMemory.ts).
  const quietMemory = startQuietMemory({
    onCollect: (before, after, ms) =>
      shop.server.log.debug(
        `quiet again: RSS ${Math.round(before / 1048576)} -> ${Math.round(after / 1048576)} MB in ${Math.round(ms)} ms`,
      ),
    onError: (error) =>
      shop.server.log.warn({ err: error }, 'memory is not given back when the shop is quiet'),
  });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    quietMemory.stop();
    shop.server.log.info(`${signal}: finishing requests in flight and closing the database`);
    // stop() itself closes the connections of requests that outlast its grace (STOP_GRACE_MS, 10 s); this is
    // the backstop for anything else that hangs: systemd's TimeoutStopSec would kill it harder, with the
    // database still open.
    const deadline = setTimeout(() => {
      shop.server.log.error(
        `${signal}: requests still running after ${SHUTDOWN_GRACE_MS / 1000} s, closing anyway`,
      );
      shop.shop.database.close();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await shop.stop();
      shop.server.log.info(`${signal}: the database is closed; goodbye`);
      process.exit(0);
    } catch (error) {
      shop.server.log.error({ err: error }, `${signal}: shutdown failed`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

void main();
