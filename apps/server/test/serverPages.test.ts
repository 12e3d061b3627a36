/**
 * The server's kept pages (src/serverPages.ts), against a pages build of the test's own that counts what it is
 * asked to write: a page is kept until its data change, never kept empty, and pages drawn from an old list go.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerPages, type ServerPageData } from '../src/serverPages.ts';

let folder: string;
const warned: string[] = [];
const request = {
  log: { error: () => undefined, warn: (_obj: unknown, msg: string) => warned.push(msg) },
} as unknown as FastifyRequest;

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'nursery-kept-pages-'));
  mkdirSync(path.join(folder, 'dist'));
  mkdirSync(path.join(folder, 'dist-server'));
  // Draws nothing where the app's router would redirect (a trailing slash), as React then writes nothing.
  writeFileSync(
    path.join(folder, 'dist-server', 'serverPage.js'),
    `export const written = [];
export async function renderPage(url, data) {
  written.push(url);
  return url.endsWith('/') && url !== '/' ? '' : '<main>' + url + ' ' + data.shopYear + '</main>';
}
`,
  );
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

async function writtenSoFar(): Promise<string[]> {
  const module = (await import(path.join(folder, 'dist-server', 'serverPage.js'))) as { written: string[] };
  return module.written;
}

const data = (over: Partial<ServerPageData> = {}): ServerPageData => ({
  siteConfig: { shop: { name: 'Fern Hollow' } },
  settings: [],
  screen: 'phone',
  shopYear: 2026,
  ...over,
});

describe("the server's kept pages", () => {
  it('keeps a page until its data change, the shop year included', async () => {
    const pages = loadServerPages(path.join(folder, 'dist'));
    expect(await pages.render(request, '/', data())).toBe('<main>/ 2026</main>');
    expect(await pages.render(request, '/', data())).toBe('<main>/ 2026</main>');
    const before = (await writtenSoFar()).length;
    // New Year in the shop's zone: the footer's year changes, so the page is written again.
    expect(await pages.render(request, '/', data({ shopYear: 2027 }))).toBe('<main>/ 2027</main>');
    expect((await writtenSoFar()).length).toBe(before + 1);
  });

  it('never answers or keeps a page written empty', async () => {
    const pages = loadServerPages(path.join(folder, 'dist'));
    const before = (await writtenSoFar()).length;
    expect(await pages.render(request, '/Products/', data())).toBeNull();
    expect(await pages.render(request, '/Products/', data())).toBeNull();
    expect((await writtenSoFar()).length).toBe(before + 2);
    expect(warned).toContain('index.html: the page was written empty');
  });

  it('lets go of the pages drawn from a list once the list has changed', async () => {
    const pages = loadServerPages(path.join(folder, 'dist'));
    const oldList = [{ productId: 1 }];
    const newList = [{ productId: 1 }];
    await pages.render(request, '/Products/1/a', data({ products: oldList }));
    await pages.render(request, '/Products/2/b', data({ products: oldList }));
    await pages.render(request, '/', data());
    const before = (await writtenSoFar()).length;
    await pages.render(request, '/Products/1/a', data({ products: newList }));
    // The other page drawn from the old list was let go with it; the home page, drawn from none, is kept.
    await pages.render(request, '/Products/2/b', data({ products: oldList }));
    await pages.render(request, '/', data());
    expect((await writtenSoFar()).slice(before)).toEqual(['/Products/1/a', '/Products/2/b']);
  });
});
