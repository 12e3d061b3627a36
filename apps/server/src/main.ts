import { ConfigError, loadConfig } from '@nursery/api';
import { createServer } from './createServer.ts';

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
  const shop = await createServer({ config });
  const url = await shop.start();
  shop.server.log.info(
    `The shop is open at ${url.replace('127.0.0.1', 'localhost')} (data in ${config.dataDir})`,
  );

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    shop.server.log.info(`${signal}: finishing requests in flight and closing the database`);
    await shop.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

void main();
