import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startTestServer, type TestServer } from '@nursery/server/testing';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { ensureWebBuild, WEB_ROOT } from './shop.ts';

/**
 * A shop that can go down and come back at the same address (the yard's outage): one port and one data
 * folder, started and stopped at will, perhaps with another build of the web app (a release made meanwhile).
 * A service worker and its caches belong to the origin, so the address must not change across a restart.
 */
export interface YardShop {
  readonly origin: string;
  readonly server: TestServer;
  readonly running: boolean;
  start(webRoot?: string): Promise<TestServer>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function yardShop(env: Record<string, string> = {}): Promise<YardShop> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-yard-'));
  let running: TestServer | null = null;
  const shop: YardShop = {
    origin: `http://localhost:${port}`,
    get running() {
      return running !== null;
    },
    get server() {
      if (!running) throw new Error('The shop is stopped: start it first.');
      return running;
    },
    async start(webRoot = WEB_ROOT) {
      running = await startTestServer({ PORT: String(port), ...env }, { webRoot, dataDir });
      return running;
    },
    async stop() {
      await running?.stop();
      running = null;
    },
    async dispose() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return shop;
}

/**
 * A phone's browser with a profile of its own on disk (a service worker and its caches live in the profile),
 * at the spec's phone size. `backForwardCache` keeps left pages whole in memory for Back, as a phone's browser
 * does (Playwright turns it off unless asked).
 */
export async function phoneWithProfile(options: { backForwardCache?: boolean } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'nursery-phone-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    headless: true,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the shop's service worker has installed its release and serves this page. */
export async function servedByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Every address kept in the page's CacheStorage, cache by cache. */
export function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      found[name] = (await cache.keys()).map((request) => request.url);
    }
    return found;
  });
}

/** The files of a build's release, by their address (assets/…), as a page asks for them. */
export function releaseFiles(webRoot: string): Set<string> {
  return new Set(readdirSync(path.join(webRoot, 'assets')).map((name) => `/assets/${name}`));
}

/**
 * Another release of the web app made from a build (in a folder of its own, removed by the caller): every
 * hashed file has new content and a new name, and everything naming it (the page, the other files, the
 * service worker's list of the release with the page's revision) names the new one, as the bundler would
 * write a release in which every file changed. Much faster than a second build, and just as foreign to the
 * first: not one of its /assets/ names is the first build's.
 */
export function anotherRelease(webRoot: string, mark: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'nursery-release-'));
  cpSync(webRoot, root, { recursive: true });
  const assets = path.join(root, 'assets');
  const renamed = new Map<string, string>();
  for (const name of readdirSync(assets)) {
    const extension = path.extname(name);
    renamed.set(name, `${name.slice(0, -extension.length)}${mark}${extension}`);
  }
  const rename = (text: string) => {
    let out = text;
    for (const [from, to] of renamed) out = out.split(from).join(to);
    return out;
  };
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  for (const [from, to] of renamed) {
    const file = path.join(assets, from);
    if (/\.(js|css)$/.test(from)) {
      const comment = `\n/* release ${mark} */\n`;
      writeFileSync(path.join(assets, to), rename(readFileSync(file, 'utf8')) + comment);
    } else {
      cpSync(file, path.join(assets, to));
    }
    rmSync(file);
  }
  const indexFile = path.join(root, 'index.html');
  const oldIndex = readFileSync(indexFile, 'utf8');
  const newIndex = rename(oldIndex);
  writeFileSync(indexFile, newIndex);
  const preloads = path.join(root, 'route-preloads.json');
  if (existsSync(preloads)) writeFileSync(preloads, rename(readFileSync(preloads, 'utf8')));
  const worker = path.join(root, 'sw.js');
  const oldWorker = readFileSync(worker, 'utf8');
  if (!oldWorker.includes(md5(oldIndex)))
    throw new Error("The worker's list does not name the page's revision.");
  writeFileSync(worker, rename(oldWorker).split(md5(oldIndex)).join(md5(newIndex)));
  return root;
}
