import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/testing.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const NGINX = '/usr/sbin/nginx';

/**
 * The lines of docs/deploy.md's nginx recipe that decide what the shop sees of a request (the proxy_* lines
 * of its `location /`), so the test runs the recipe people copy rather than a look-alike.
 */
export function deployRecipeProxyLines(): string[] {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx recipe');
  const lines = block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^proxy_(set_header|http_version)\s/.test(line));
  if (!lines.some((line) => line.startsWith('proxy_set_header X-Forwarded-For'))) {
    throw new Error('docs/deploy.md nginx recipe sets no X-Forwarded-For');
  }
  return lines;
}

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Debian's nginx (scripts/ensure-nginx.sh installs it) on a free port in front of `upstreamPort`, with the
 * deploy recipe's proxy lines and its own temp folder; it runs in the foreground as this test's child.
 */
export async function startNginx(options: {
  upstreamPort: number;
  port?: number;
  extraLocationLines?: string[];
}): Promise<RunningNginx> {
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
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    location / {
      proxy_pass http://127.0.0.1:${options.upstreamPort};
      ${[...deployRecipeProxyLines(), ...(options.extraLocationLines ?? [])].join('\n      ')}
    }
  }
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
