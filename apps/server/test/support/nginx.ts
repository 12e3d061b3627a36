import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/testing.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const NGINX = '/usr/sbin/nginx';

/**
 * docs/deploy.md's nginx recipe as people copy it, made local: its https server listens on `port` without
 * TLS (the certificate lines go), the redirect from port 80 goes, and it forwards to `upstreamPort`. Its rate
 * limits, proxy headers and body cap stay exactly as written.
 */
export function localDeployRecipe(port: number, upstreamPort: number): string {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
  const recipe = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!recipe) throw new Error('docs/deploy.md has no nginx recipe');
  const local = recipe
    .replace(/\nserver \{\n\s*listen 80;[\s\S]*$/, '\n')
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_certificate(_key)?\s.*$/gm, '')
    .replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${upstreamPort}`);
  for (const expected of [`listen 127.0.0.1:${port};`, 'proxy_set_header X-Forwarded-For', 'limit_req ']) {
    if (!local.includes(expected)) throw new Error(`docs/deploy.md's nginx recipe changed: no ${expected}`);
  }
  if (/ssl|listen 80/.test(local)) throw new Error("docs/deploy.md's nginx recipe changed: TLS left in it");
  return local;
}

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Debian's nginx (scripts/ensure-nginx.sh installs it) on a free port in front of `upstreamPort`, running the
 * deploy recipe with its own temp folder, in the foreground as this test's child.
 */
export async function startNginx(options: { upstreamPort: number; port?: number }): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run bash scripts/ensure-nginx.sh`);
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-nginx-'));
  // nginx's workers drop to nobody when started as root; they must reach the body buffers.
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'logs']) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/proxy;
  uwsgi_temp_path ${dir}/proxy;
  scgi_temp_path ${dir}/proxy;
${localDeployRecipe(port, options.upstreamPort)}
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start: ${errors}`);
    try {
      await fetch(`${url}/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
