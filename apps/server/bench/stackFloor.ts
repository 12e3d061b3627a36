import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipTwin } from '../scripts/twins.ts';
import { repoRoot, tempDir } from './common.ts';

const webDir = path.join(repoRoot, 'apps', 'web');

/**
 * The first load of the storefront's stack with nothing of the shop (apps/web/bench/bareApp): React 19,
 * TanStack Router and Query, tRPC's client and its TanStack Query integration, built by the same Vite and
 * measured by the same .gz twins as the storefront's pages. What the shop's own code can have of a first-load
 * goal is that goal less this.
 */
export async function stackFloor(): Promise<{ js: number; files: number }> {
  const out = tempDir('bare-app');
  try {
    execFileSync(
      process.execPath,
      [
        path.join(webDir, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        path.join('bench', 'bareApp', 'vite.config.ts'),
        '--outDir',
        out,
      ],
      { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const assets = path.join(out, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    let js = 0;
    for (const file of scripts) js += (await gzipTwin(readFileSync(path.join(assets, file)))).length;
    return { js, files: scripts.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
