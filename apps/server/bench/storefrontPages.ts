import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

export async function storefrontWeight(release: Running): Promise<void> {
  say('\nStorefront weight: JS and CSS a visitor loads on / and /Products before any interaction');
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')),
  );
  const sourcesOf = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest)) {
    sourcesOf.set(entry.file, [...(sourcesOf.get(entry.file) ?? []), entry.src ?? key]);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const page of ['/', '/Products']) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const loaded = new Set<string>();
      tab.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (/\.(js|css)$/.test(pathname)) loaded.add(pathname);
      });
      await tab.goto(`${release.url}${page}`, { waitUntil: 'networkidle' });
      let js = 0;
      let css = 0;
      const admin: string[] = [];
      const sizes: Array<{ asset: string; gz: number; sources: string[] }> = [];
      for (const asset of loaded) {
        const file = path.join(releaseDir, 'public', asset);
        const bytes = readFileSync(file);
        const gz = existsSync(`${file}.gz`)
          ? statSync(`${file}.gz`).size
          : gzipSync(bytes, { level: 9 }).length;
        if (asset.endsWith('.js')) js += gz;
        else css += gz;
        const sources = sourcesOf.get(asset.replace(/^\//, '')) ?? [];
        sizes.push({ asset, gz, sources });
        const text = bytes.toString('utf8');
        if (sources.some((s) => ADMIN_SOURCE.test(s)) || ADMIN_TEXT.some((t) => text.includes(t))) {
          admin.push(`${asset} (${sources.join(', ') || 'shared chunk'})`);
        }
      }
      await context.close();
      record({
        section: 'Storefront weight',
        name: `${page}: gzipped JS (${[...loaded].filter((a) => a.endsWith('.js')).length} files)`,
        value: `${(js / 1024).toFixed(1)} KB`,
        anchor: '120 KB',
        ratio: ratio(js, 120 * 1024),
        goal: '<= 120 KB',
        met: js <= 120 * 1024,
      });
      record({
        section: 'Storefront weight',
        name: `${page}: gzipped CSS`,
        value: `${(css / 1024).toFixed(1)} KB`,
        anchor: '-',
        ratio: '-',
        goal: '(reported)',
        met: null,
      });
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
      const largest = sizes.sort((a, b) => b.gz - a.gz).slice(0, 6);
      say(
        `    largest: ${largest.map((l) => `${path.basename(l.asset)} ${(l.gz / 1024).toFixed(1)} KB${l.sources.length ? ` (${l.sources.join(', ')})` : ''}`).join('; ')}`,
      );
    }
    await productListDom(browser, release);
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
async function productListDom(browser: Browser, release: Running): Promise<void> {
  const names = z
    .object({ data: z.array(z.object({ name: z.string() })) })
    .parse(await (await fetch(`${release.url}/api/v1/Products/GetProductsToShow`)).json())
    .data.map((p) => p.name);
  const context = await browser.newContext(PHONE);
  const tab = await context.newPage();
  await tab.addInitScript(FIRST_PAINT_PROBE);
  await tab.goto(`${release.url}/Products`);
  const atFirstPaint = z.number().parse(await tab.evaluate('window.firstPaintElements'));
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(3000);
  const afterIdle = z.number().parse(await tab.evaluate(ELEMENTS));
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
  record({
    section: 'Storefront weight',
    name: `/Products on a phone: DOM elements at its first paint of products (${names.length} products)`,
    value: atFirstPaint.toLocaleString('en-US'),
    anchor: FIRST_PAINT_DOM_GOAL.toLocaleString('en-US'),
    ratio: ratio(atFirstPaint, FIRST_PAINT_DOM_GOAL),
    goal: `< ${FIRST_PAINT_DOM_GOAL.toLocaleString('en-US')}`,
    met: atFirstPaint < FIRST_PAINT_DOM_GOAL,
  });
  record({
    section: 'Storefront weight',
    name: '/Products: DOM elements 3 s after load, then after scrolling to the end',
    value: `${afterIdle.toLocaleString('en-US')}; ${afterScroll.toLocaleString('en-US')}`,
    anchor: '-',
    ratio: '-',
    goal: '(reported)',
    met: null,
  });
  record({
    section: 'Storefront weight',
    name: '/Products: product names find-in-page cannot find 3 s after load',
    value: String(missing.length),
    anchor: '0',
    ratio: '-',
    goal: '0',
    met: missing.length === 0,
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

export async function pageQuality(release: Running): Promise<void> {
  say('\nLighthouse 12.8.2, mobile preset (simulated throttling), Debian Chromium');
  const lines = await orderLines(release.url);
  const placed = z.object({ data: z.object({ orderId: z.number() }) }).parse(
    await (
      await fetch(`${release.url}/api/v1/Orders/Submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...benchCustomer, comments: '', orderProductXrefs: lines }),
      })
    ).json(),
  );
  const pages = ['/', '/Products', `/Order/${placed.data.orderId}/${benchCustomer.phoneNumber}`];
  const chromiumProcess = await startChromiumForLighthouse();
  try {
    for (const page of pages) {
      const audit = () =>
        lighthouse(`${release.url}${page}`, {
          port: chromiumProcess.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
      let result = await audit();
      // Lighthouse 12 with Debian's Chromium now and then loses the navigation start in its trace
      // (NO_NAVSTART) and scores the page 0: that says nothing of the page, so it gets a second run.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
        say(`    ${page}: Lighthouse failed (${result.lhr.runtimeError.code}), running it again`);
        result = await audit();
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      for (const [id, title] of [
        ['performance', 'Performance'],
        ['accessibility', 'Accessibility'],
        ['best-practices', 'Best Practices'],
      ] as const) {
        const s = score(id);
        record({
          section: 'Lighthouse',
          name: `${page.replace(/\/\d+\/\d+$/, '/{id}/{phone}')}: ${title}`,
          value: String(s),
          anchor: '100',
          ratio: ratio(s, 100),
          goal: '>= 95',
          met: s >= 95,
        });
        if (s < 95) {
          const failing = (categories[id]?.auditRefs ?? [])
            .map((ref) => result.lhr.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
            .map((a) => `${a?.id} (${a?.displayValue ?? a?.score})`);
          say(`    below 95 because of: ${failing.slice(0, 8).join(', ')}`);
        }
      }
    }
  } finally {
    await stopChild(chromiumProcess.child);
    rmSync(chromiumProcess.profile, { recursive: true, force: true });
  }
}
