import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CATALOGUE_APPLY_UNDER_WAY } from '@nursery/api';
import type { CatalogSheetResult } from '@nursery/domain';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import { signedInShop } from './support/shop.ts';

// Hostile sheets are refused the moment they cross a bound, and no upload, not even a 5,000-row apply, holds
// the shop: /health is timed all the while.

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop());
});
afterAll(async () => server?.stop());

type Answer = { status: number; body: { success: boolean; message: string; data: CatalogSheetResult } };

async function upload(
  step: 'Preview' | 'Apply',
  bytes: Uint8Array | string,
  name: string,
  query = '',
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  const response = await fetch(`${server.url}/api/v1/Products/Spreadsheet/${step}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as never };
}

/**
 * Runs `work` while /health is asked again and again: answers its result, the slowest /health answer and the
 * longest the event loop was held (the server runs in this process), in milliseconds, and how long it took.
 */
async function timingHealth<T>(work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let done = false;
  let slowest = 0;
  let asked = 0;
  const sampler = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${server.url}/health`);
      await health.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      asked++;
    }
  })();
  loop.enable();
  const started = performance.now();
  try {
    const result = await work();
    return { result, slowest, asked, held: loop.max / 1e6, took: performance.now() - started };
  } finally {
    done = true;
    loop.disable();
    await sampler;
  }
}

async function downloadXlsx(): Promise<Record<string, Uint8Array>> {
  const response = await fetch(`${server.url}/api/v1/Products/Spreadsheet/Xlsx`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

const SHEET = 'xl/worksheets/sheet1.xml';

/** The downloaded workbook with its sheet's rows changed by `edit`. */
async function editedXlsx(edit: (sheetXml: string) => string): Promise<Uint8Array> {
  const parts = await downloadXlsx();
  const sheet = parts[SHEET];
  if (!sheet) throw new Error(`no ${SHEET} in the download`);
  parts[SHEET] = strToU8(edit(strFromU8(sheet)));
  return zipSync(parts);
}

function productCount(): number {
  const row = server.shop.database.sqlite.prepare('select count(*) as n from products').get() as {
    n: number;
  };
  return row.n;
}

describe('catalogue spreadsheet within bounds', () => {
  it('refuses the download with one cell moved to XFD20000 at once, the shop answering meanwhile', async () => {
    const moved = await editedXlsx((xml) =>
      xml.replace(
        '</sheetData>',
        '<row r="20000"><c r="XFD20000" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
      ),
    );
    expect(moved.byteLength).toBeLessThan(64 * 1024);
    const before = productCount();
    for (const step of ['Preview', 'Apply'] as const) {
      const { result, slowest, took } = await timingHealth(() =>
        upload(step, moved, 'moved.xlsx', step === 'Apply' ? '?token=abc' : ''),
      );
      expect(result.status, result.body.message).toBe(400);
      expect(result.body.message).toContain('row 20,000');
      expect(result.body.message).toContain('at most 5,000 rows');
      expect(took).toBeLessThan(2_000);
      expect(slowest).toBeLessThan(100);
    }
    expect(productCount()).toBe(before);
  });

  it('refuses a value far right of the headings, and cell references that jump back', async () => {
    const wide = await editedXlsx((xml) =>
      xml.replace('</row>', '<c r="XFD1" t="inlineStr"><is><t>far</t></is></c></row>'),
    );
    const answer = await upload('Preview', wide, 'wide.xlsx');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('more than 200 columns');

    const right = await editedXlsx((xml) =>
      xml.replace(
        /(<row r="2"[^>]*>.*?)<\/row>/,
        '$1<c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row>',
      ),
    );
    const past = await upload('Preview', right, 'right.xlsx');
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('row 2 has a value in column 16,384, past the last heading');

    const back = await editedXlsx((xml) =>
      xml.replace('</sheetData>', '<row r="1"><c r="A1"><v>1</v></c></row></sheetData>'),
    );
    const jumped = await upload('Preview', back, 'back.xlsx');
    expect(jumped.status).toBe(400);
    expect(jumped.body.message).toContain('rows are out of order');
  });

  it('refuses a sheet of 200,000 short rows, and a CSV of as many, as soon as row 5,002 is read', async () => {
    const rows = `<row><c><v>1</v></c></row>`.repeat(200_000);
    const tall = await editedXlsx((xml) => xml.replace('</sheetData>', `${rows}</sheetData>`));
    const { result, slowest, took } = await timingHealth(() => upload('Preview', tall, 'tall.xlsx'));
    expect(result.status, result.body.message).toBe(400);
    expect(result.body.message).toContain('at most 5,000 rows');
    expect(took).toBeLessThan(5_000);
    expect(slowest).toBeLessThan(100);

    const csv = `Id,Version,Name\n${'1,1,x\n'.repeat(200_000)}`;
    const csvRun = await timingHealth(() => upload('Preview', csv, 'tall.csv'));
    expect(csvRun.result.status).toBe(400);
    expect(csvRun.result.body.message).toContain('more than 5,000 rows');
    expect(csvRun.took).toBeLessThan(2_000);
    expect(csvRun.slowest).toBeLessThan(100);
  }, 30_000);

  it("keeps a text's leading apostrophe through an .xlsx round trip, as CSV does", async () => {
    const sqlite = server.shop.database.sqlite;
    const [first, second] = sqlite
      .prepare('select product_id from products where deleted_at is null order by product_id limit 2')
      .all() as {
      product_id: number;
    }[];
    sqlite
      .prepare('update products set name = ?, version = version + 1 where product_id = ?')
      .run("'Tis the season's oak", first?.product_id);
    sqlite
      .prepare('update products set description = ?, version = version + 1 where product_id = ?')
      .run("'=A1 is not a formula", second?.product_id);
    const parts = await downloadXlsx();
    const preview = await upload('Preview', zipSync(parts), 'same.xlsx');
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.changed).toEqual([]);
    expect(preview.body.data.refused).toEqual([]);
  });

  it('applies 5,000 new products in one go without holding the shop, all or nothing', async () => {
    const csv = await (
      await fetch(`${server.url}/api/v1/Products/Spreadsheet/Csv`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    const header = (parse(csv, { bom: true, relax_column_count: true }) as string[][])[0] ?? [];
    const at = (name: string) => header.indexOf(name);
    const rows = Array.from({ length: 5_000 }, (_, i) => {
      const row = header.map(() => '');
      row[at('Name')] = `Bulk seedling ${i + 1}`;
      row[at('Tier 1 From')] = '1';
      row[at('Tier 1 Price')] = '2.50';
      return row;
    });
    const file = stringify([header, ...rows]);
    const preview = await timingHealth(() => upload('Preview', file, 'bulk.csv'));
    expect(preview.result.status, preview.result.body.message).toBe(200);
    expect(preview.result.body.data.added).toHaveLength(5_000);
    expect(preview.slowest).toBeLessThan(100);

    const before = productCount();
    const applied = await timingHealth(() =>
      upload('Apply', file, 'bulk.csv', `?token=${encodeURIComponent(preview.result.body.data.token)}`),
    );
    expect(applied.result.status, applied.result.body.message).toBe(200);
    expect(productCount()).toBe(before + 5_000);
    expect(applied.slowest).toBeLessThan(100);
    expect(applied.held).toBeLessThan(100);
    // /health was answered all along, not only before and after.
    expect(applied.asked).toBeGreaterThan(10);
  }, 60_000);

  it('holds other changes while an apply writes, and lets them through once it committed', async () => {
    const csv = await (
      await fetch(`${server.url}/api/v1/Products/Spreadsheet/Csv`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    const header = (parse(csv, { bom: true, relax_column_count: true }) as string[][])[0] ?? [];
    const rows = Array.from({ length: 2_000 }, (_, i) => {
      const row = header.map(() => '');
      row[header.indexOf('Name')] = `Held seedling ${i + 1}`;
      row[header.indexOf('Tier 1 From')] = '1';
      row[header.indexOf('Tier 1 Price')] = '3.00';
      return row;
    });
    const file = stringify([header, ...rows]);
    const preview = await upload('Preview', file, 'held.csv');
    expect(preview.status, preview.body.message).toBe(200);
    const setting = () =>
      fetch(`${server.url}/api/v1/Settings/SetOrdersClosed?isOpen=true`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      }).then(async (r) => ({
        status: r.status,
        message: ((await r.json()) as { message: string }).message,
      }));
    let applying = true;
    const answers: { status: number; message: string }[] = [];
    const apply = upload(
      'Apply',
      file,
      'held.csv',
      `?token=${encodeURIComponent(preview.body.data.token)}`,
    ).finally(() => {
      applying = false;
    });
    while (applying) {
      answers.push(await setting());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await apply).status).toBe(200);
    const held = answers.filter((a) => a.status === 503);
    expect(held.length).toBeGreaterThan(0);
    expect(held[0]?.message).toBe(CATALOGUE_APPLY_UNDER_WAY);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect((await setting()).status).toBe(200);
  }, 60_000);
});
