import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { productPath } from '@nursery/domain';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { z } from 'zod';
import { freePort } from '../src/testing.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  type Running,
  ratio,
  record,
  releaseDir,
  say,
  stopChild,
  tempDir,
  webDist,
} from './common.ts';
import { benchCustomer, orderLines } from './orderSubmit.ts';
import { stackFloor } from './stackFloor.ts';

// `pnpm bench --only=weight,lighthouse`: what the storefront's pages load, and Lighthouse's scores, in
// Debian's Chromium.

export const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), src: z.string().optional(), name: z.string().optional() }),
);

export const ADMIN_SOURCE = /(^|\/)(routes\/Admin|admin)\/|auth\/(userManager|AuthProvider)|oidc-client-ts/;
// Texts only the admin screens' code carries. Not their titles: the route tree (in the entry chunk) names each
// route's title, a few bytes that are not admin code.
export const ADMIN_TEXT = ['oidc-client-ts', 'signinRedirectCallback', 'Flickr Upload'];

/** The storefront's goal for the script a visitor loads before / or /Products is interactive. */
export const FIRST_LOAD_JS_GOAL_KB = 100;

/** A build measured beside this one (`--against`): its release folder, and the server started from it. */
export interface AnchorBuild {
  dir: string;
  release: Running;
}

interface PageWeight {
  js: number;
  css: number;
  files: number;
  assets: Array<{ asset: string; gz: number }>;
}

/** Every JS and CSS file Chromium fetches for a page until the network is quiet, at its .gz size. */
async function pageWeight(browser: Browser, url: string, publicDir: string): Promise<PageWeight> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const loaded = new Set<string>();
  tab.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) loaded.add(pathname);
  });
  await tab.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const assets = [...loaded].map((asset) => {
    const file = path.join(publicDir, asset);
    const gz = existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file), { level: 9 }).length;
    return { asset, gz };
  });
  const sum = (ext: string) => assets.filter((a) => a.asset.endsWith(ext)).reduce((n, a) => n + a.gz, 0);
  return {
    js: sum('.js'),
    css: sum('.css'),
    files: assets.filter((a) => a.asset.endsWith('.js')).length,
    assets,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function storefrontWeight(release: Running, anchor?: AnchorBuild): Promise<void> {
  say('\nStorefront weight: JS and CSS a visitor loads on / and /Products before any interaction');
  if (anchor) say(`  anchor: the build in ${anchor.dir}, measured in the same run`);
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')),
  );
  const sourcesOf = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest)) {
    sourcesOf.set(entry.file, [...(sourcesOf.get(entry.file) ?? []), entry.src ?? key]);
  }
  const floor = await stackFloor();
  record({
    section: 'Storefront weight',
    name: `the stack alone, in a bare app of two routes (${floor.files} ${floor.files === 1 ? 'file' : 'files'}): React 19, TanStack Router and Query, tRPC's client`,
    value: kb(floor.js),
    anchor: `${FIRST_LOAD_JS_GOAL_KB} KB`,
    ratio: ratio(floor.js, FIRST_LOAD_JS_GOAL_KB * 1024),
    goal: '(reported)',
    met: null,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const page of ['/', '/Products']) {
      const ours = await pageWeight(browser, `${release.url}${page}`, path.join(releaseDir, 'public'));
      const theirs = anchor
        ? await pageWeight(browser, `${anchor.release.url}${page}`, path.join(anchor.dir, 'public'))
        : null;
      const goal = FIRST_LOAD_JS_GOAL_KB * 1024;
      record({
        section: 'Storefront weight',
        name: `${page}: gzipped JS (${ours.files} files)`,
        value: kb(ours.js),
        anchor: theirs ? `${kb(theirs.js)} (before)` : `${FIRST_LOAD_JS_GOAL_KB} KB`,
        ratio: ratio(ours.js, theirs?.js ?? goal),
        goal: `<= ${FIRST_LOAD_JS_GOAL_KB} KB`,
        met: ours.js <= goal,
      });
      record({
        section: 'Storefront weight',
        name: `${page}: gzipped CSS`,
        value: kb(ours.css),
        anchor: theirs ? `${kb(theirs.css)} (before)` : '-',
        ratio: theirs ? ratio(ours.css, theirs.css) : '-',
        goal: '(reported)',
        met: null,
      });
      const admin: string[] = [];
      for (const { asset } of ours.assets) {
        const sources = sourcesOf.get(asset.replace(/^\//, '')) ?? [];
        const text = readFileSync(path.join(releaseDir, 'public', asset), 'utf8');
        if (sources.some((src) => ADMIN_SOURCE.test(src)) || ADMIN_TEXT.some((t) => text.includes(t))) {
          admin.push(`${asset} (${sources.join(', ') || 'shared chunk'})`);
        }
      }
      record({
        section: 'Storefront weight',
        name: `${page}: admin or sign-in code loaded`,
        value: admin.length === 0 ? 'none' : `${admin.length} chunks`,
        anchor: 'none',
        ratio: '-',
        goal: 'none',
        met: admin.length === 0,
      });
      for (const a of admin) say(`    admin code: ${a}`);
      const largest = [...ours.assets].sort((a, b) => b.gz - a.gz).slice(0, 6);
      say(
        `    largest: ${largest
          .map((l) => {
            const sources = sourcesOf.get(l.asset.replace(/^\//, '')) ?? [];
            return `${path.basename(l.asset)} ${kb(l.gz)}${sources.length ? ` (${sources.join(', ')})` : ''}`;
          })
          .join('; ')}`,
      );
    }
    await productListDom(browser, release, anchor);
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile screen, the one the list is judged on. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
export const FIRST_PAINT_DOM_GOAL = 1500;
const ELEMENTS = "document.getElementsByTagName('*').length";
/** Runs in the page before its scripts: the elements in the frame that paints the first product cards. */
const FIRST_PAINT_PROBE = `window.firstPaintElements = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('article.product-card')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(${ELEMENTS}), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

/**
 * The elements of /Products on a phone the moment it first paints its products (the frame after the first card
 * is in the document), then once the browser has had time to add the rest, and after scrolling to the end; and
 * whether every product's name is then in the document, which is what find-in-page searches.
 */
interface ListDom {
  products: number;
  atFirstPaint: number;
  afterIdle: number;
  afterScroll: number;
  missing: number;
  /** Main-thread time until 3 s after the network went quiet, in ms. */
  work: { task: number; script: number; layout: number };
}

async function listDom(browser: Browser, url: string): Promise<ListDom> {
  const names = z
    .object({ data: z.array(z.object({ name: z.string() })) })
    .parse(await (await fetch(`${url}/api/v1/Products/GetProductsToShow`)).json())
    .data.map((p) => p.name);
  const context = await browser.newContext(PHONE);
  const tab = await context.newPage();
  const devtools = await context.newCDPSession(tab);
  await devtools.send('Performance.enable');
  await tab.addInitScript(FIRST_PAINT_PROBE);
  await tab.goto(`${url}/Products`);
  const atFirstPaint = z.number().parse(await tab.evaluate('window.firstPaintElements'));
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(3000);
  const afterIdle = z.number().parse(await tab.evaluate(ELEMENTS));
  // Chromium's own account of its main thread's work (tasks, of which script and layout): the machine's other
  // work stretches it far less than the wall-clock blocking time Lighthouse works out.
  const { metrics } = await devtools.send('Performance.getMetrics');
  const seconds = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  const work = {
    task: seconds('TaskDuration') * 1000,
    script: seconds('ScriptDuration') * 1000,
    layout: (seconds('LayoutDuration') + seconds('RecalcStyleDuration')) * 1000,
  };
  // window.find is Chromium's find-in-page: it reaches text a placeholder's content-visibility skips drawing,
  // and not text that is hidden.
  const missing = z
    .array(z.string())
    .parse(
      await tab.evaluate(
        `${JSON.stringify(names)}.filter((name) => { getSelection().removeAllRanges(); return !window.find(name, true); })`,
      ),
    );
  await tab.evaluate('window.scrollTo(0, 0)');
  for (let i = 0; i < 40; i += 1) {
    await tab.mouse.wheel(0, 2000);
    await tab.waitForTimeout(50);
  }
  await tab.waitForTimeout(1000);
  const afterScroll = z.number().parse(await tab.evaluate(ELEMENTS));
  await context.close();
  return { products: names.length, atFirstPaint, afterIdle, afterScroll, missing: missing.length, work };
}

/**
 * The elements of /Products on a phone the moment it first paints its products (the frame after the first card
 * is in the document), 3 s later, and after scrolling to the end; and how many product names Chromium's
 * find-in-page cannot find once the page is quiet.
 */
async function productListDom(browser: Browser, release: Running, anchor?: AnchorBuild): Promise<void> {
  const ours = await listDom(browser, release.url);
  const theirs = anchor ? await listDom(browser, anchor.release.url) : null;
  const n = (v: number) => v.toLocaleString('en-US');
  record({
    section: 'Storefront weight',
    name: `/Products on a phone: DOM elements at its first paint of products (${ours.products} products)`,
    value: n(ours.atFirstPaint),
    anchor: theirs ? `${n(theirs.atFirstPaint)} (before)` : n(FIRST_PAINT_DOM_GOAL),
    ratio: ratio(ours.atFirstPaint, theirs?.atFirstPaint ?? FIRST_PAINT_DOM_GOAL),
    goal: `< ${n(FIRST_PAINT_DOM_GOAL)}`,
    met: ours.atFirstPaint < FIRST_PAINT_DOM_GOAL,
  });
  record({
    section: 'Storefront weight',
    name: '/Products on a phone: DOM elements 3 s after load',
    value: n(ours.afterIdle),
    anchor: theirs ? `${n(theirs.afterIdle)} (before)` : n(FIRST_PAINT_DOM_GOAL),
    ratio: ratio(ours.afterIdle, theirs?.afterIdle ?? FIRST_PAINT_DOM_GOAL),
    goal: `< ${n(FIRST_PAINT_DOM_GOAL)}`,
    met: ours.afterIdle < FIRST_PAINT_DOM_GOAL,
  });
  const ms = (w: ListDom['work']) =>
    `${w.task.toFixed(0)} ms (script ${w.script.toFixed(0)}, layout ${w.layout.toFixed(0)})`;
  record({
    section: 'Storefront weight',
    name: '/Products on a phone: main-thread work until 3 s after load',
    value: ms(ours.work),
    anchor: theirs ? `${ms(theirs.work)} (before)` : '-',
    ratio: theirs ? ratio(ours.work.task, theirs.work.task) : '-',
    goal: '(reported)',
    met: null,
  });
  record({
    section: 'Storefront weight',
    name: '/Products on a phone: DOM elements after scrolling to the end',
    value: n(ours.afterScroll),
    anchor: theirs ? `${n(theirs.afterScroll)} (before)` : '-',
    ratio: theirs ? ratio(ours.afterScroll, theirs.afterScroll) : '-',
    goal: '(reported)',
    met: null,
  });
  record({
    section: 'Storefront weight',
    name: '/Products: product names find-in-page cannot find 3 s after load',
    value: String(ours.missing),
    anchor: theirs ? `${theirs.missing} (before)` : '0',
    ratio: '-',
    goal: '0',
    met: ours.missing === 0,
  });
}

export async function startChromiumForLighthouse(): Promise<{
  port: number;
  child: ChildProcess;
  profile: string;
}> {
  const port = await freePort();
  const profile = tempDir('chromium');
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { port, child, profile };
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The storefront's goals: performance 100 on each page in every run, and /Products' Total Blocking Time. */
export const LIGHTHOUSE_RUNS = 3;
export const TOTAL_BLOCKING_TIME_GOAL_MS = 100;

/** The pages Lighthouse judges on one running build: home, the list, a product's page and an order's. */
async function pagesOf(url: string): Promise<Array<{ label: string; path: string }>> {
  const lines = await orderLines(url);
  const placed = z.object({ data: z.object({ orderId: z.number() }) }).parse(
    await (
      await fetch(`${url}/api/v1/Orders/Submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...benchCustomer, comments: '', orderProductXrefs: lines }),
      })
    ).json(),
  );
  const product = z
    .object({ data: z.array(z.object({ productId: z.number(), name: z.string() })) })
    .parse(await (await fetch(`${url}/api/v1/Products/GetProductsToShow`)).json()).data[0];
  if (!product) throw new Error('the demo catalogue shows no product');
  return [
    { label: '/', path: '/' },
    { label: '/Products', path: '/Products' },
    { label: '/Products/{id}/{slug}', path: productPath(product) },
    { label: '/Order/{id}/{phone}', path: `/Order/${placed.data.orderId}/${benchCustomer.phoneNumber}` },
  ];
}

interface Audit {
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbt: number;
  metrics: string;
  failing: string[];
}

async function audit(port: number, url: string): Promise<Audit> {
  const run = () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
  let result = await run();
  // Lighthouse 12 with Debian's Chromium now and then loses the navigation start in its trace
  // (NO_NAVSTART) and scores the page 0: that says nothing of the page, so it gets a second run.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
    say(`    ${url}: Lighthouse failed (${result.lhr.runtimeError.code}), running it again`);
    result = await run();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = ['performance', 'accessibility', 'best-practices'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a?.id} (${a?.displayValue ?? a?.score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    tbt: metric('total-blocking-time'),
    metrics: `FCP ${Math.round(metric('first-contentful-paint'))} ms, LCP ${Math.round(metric('largest-contentful-paint'))} ms, TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, SI ${Math.round(metric('speed-index'))} ms`,
    failing,
  };
}

export async function pageQuality(release: Running, anchor?: AnchorBuild): Promise<void> {
  say(
    `\nLighthouse 12.8.2, mobile preset (simulated throttling), Debian Chromium; ${LIGHTHOUSE_RUNS} runs a page${anchor ? `, alternating with the build in ${anchor.dir}` : ''}`,
  );
  const ourPages = await pagesOf(release.url);
  const theirPages = anchor ? await pagesOf(anchor.release.url) : null;
  const chromiumProcess = await startChromiumForLighthouse();
  try {
    for (const [i, page] of ourPages.entries()) {
      const ours: Audit[] = [];
      const theirs: Audit[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        ours.push(await audit(chromiumProcess.port, `${release.url}${page.path}`));
        const their = theirPages?.[i];
        if (anchor && their)
          theirs.push(await audit(chromiumProcess.port, `${anchor.release.url}${their.path}`));
      }
      const list = (audits: Audit[], pick: (a: Audit) => number, unit = '') =>
        audits.map((a) => `${Math.round(pick(a))}${unit}`).join(', ');
      const performance = ours.map((a) => a.performance);
      record({
        section: 'Lighthouse',
        name: `${page.label}: Performance`,
        value: list(ours, (a) => a.performance),
        anchor: anchor ? `${list(theirs, (a) => a.performance)} (before)` : '100',
        ratio: ratio(Math.min(...performance), anchor ? Math.min(...theirs.map((a) => a.performance)) : 100),
        goal: `100 in ${LIGHTHOUSE_RUNS} of ${LIGHTHOUSE_RUNS}`,
        met: performance.every((p) => p === 100),
      });
      const tbt = ours.map((a) => a.tbt);
      const listPage = page.label === '/Products';
      record({
        section: 'Lighthouse',
        name: `${page.label}: Total Blocking Time`,
        value: list(ours, (a) => a.tbt, ' ms'),
        anchor: anchor
          ? `${list(theirs, (a) => a.tbt, ' ms')} (before)`
          : listPage
            ? `${TOTAL_BLOCKING_TIME_GOAL_MS} ms`
            : '-',
        ratio: anchor ? ratio(Math.max(...tbt), Math.max(...theirs.map((a) => a.tbt))) : '-',
        goal: listPage ? `< ${TOTAL_BLOCKING_TIME_GOAL_MS} ms` : '(reported)',
        met: listPage ? tbt.every((t) => t < TOTAL_BLOCKING_TIME_GOAL_MS) : null,
      });
      for (const [key, title] of [
        ['accessibility', 'Accessibility'],
        ['bestPractices', 'Best Practices'],
      ] as const) {
        const lowest = Math.min(...ours.map((a) => a[key]));
        record({
          section: 'Lighthouse',
          name: `${page.label}: ${title} (lowest run)`,
          value: String(lowest),
          anchor: anchor ? `${Math.min(...theirs.map((a) => a[key]))} (before)` : '100',
          ratio: ratio(lowest, 100),
          goal: '>= 95',
          met: lowest >= 95,
        });
      }
      for (const a of ours)
        say(`    ${a.metrics}${a.failing.length ? `; below 0.9: ${a.failing.slice(0, 6).join(', ')}` : ''}`);
      if (anchor) for (const a of theirs) say(`    before: ${a.metrics}`);
    }
  } finally {
    await stopChild(chromiumProcess.child);
    rmSync(chromiumProcess.profile, { recursive: true, force: true });
  }
}
