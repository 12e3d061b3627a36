import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@nursery/server/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_WEB_ROOT points the tests at a build of their own (say in /tmp), so a fresh build for one test run
// never replaces apps/web/dist under someone else's run.
export const WEB_ROOT = process.env.E2E_WEB_ROOT
  ? path.resolve(process.env.E2E_WEB_ROOT)
  : path.resolve(here, '..', '..', 'dist');

/** Builds the web app once when WEB_ROOT is missing (set E2E_REBUILD=1 to force a fresh build). */
export function ensureWebBuild(): void {
  if (existsSync(path.join(WEB_ROOT, 'index.html')) && process.env.E2E_REBUILD !== '1') return;
  const outDir = process.env.E2E_WEB_ROOT ? ['--outDir', WEB_ROOT, '--emptyOutDir'] : [];
  execFileSync('pnpm', ['--filter', '@nursery/web', 'build', ...outDir], {
    cwd: path.resolve(here, '..', '..', '..', '..'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface E2eShop extends TestServer {
  /** The address the browser uses: the shop's public URL (http://localhost:PORT), which sign-in redirects to. */
  origin: string;
}

/** A real server on a free port with a temp data folder, serving the built web app. */
export async function startShop(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<E2eShop> {
  ensureWebBuild();
  const server = await startTestServer(env, { webRoot: WEB_ROOT, ...options });
  return Object.assign(server, { origin: server.config.publicUrl });
}

/** Runs SQL on a shop's database file with sqlite3, as staff fixing a row by hand would, and answers its output. */
export function shopSql(shop: TestServer, statement: string): string {
  return execFileSync('sqlite3', [path.join(shop.dataDir, 'shop.db'), statement], {
    encoding: 'utf8',
  }).trim();
}
