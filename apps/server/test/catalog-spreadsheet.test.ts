import { type CatalogSheetResult, FREE_PRICE } from '@nursery/domain';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { rest, type TestServer } from '../src/testing.ts';
import { setProductStatus } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// The catalogue goes out as a spreadsheet and comes back: unchanged it changes nothing, edited it changes
// exactly what was edited, and a file that is not the catalogue changes nothing and says why.

const MAX_BYTES = 1024 * 1024;
let server: TestServer;
let token: string;

const TABLES = ['products', 'product_prices', 'stock_changes', 'orders', 'order_lines'];

function tables(): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = server.shop.database.sqlite.prepare(`select * from ${table} order by 1`).all();
  }
  return out;
}

async function download(kind: 'Csv' | 'Xlsx', auth = token): Promise<Response> {
  return fetch(`${server.url}/api/v1/Products/Spreadsheet/${kind}`, {
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
}

async function upload(
  step: 'Preview' | 'Apply',
  bytes: Uint8Array | string,
  name: string,
  query = '',
  auth = token,
): Promise<{ status: number; body: { success: boolean; message: string; data: CatalogSheetResult } }> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  const response = await fetch(`${server.url}/api/v1/Products/Spreadsheet/${step}${query}`, {
    method: 'POST',
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** Preview, then apply with the preview's token; answers both. */
async function previewAndApply(bytes: Uint8Array | string, name: string) {
  const preview = await upload('Preview', bytes, name);
  expect(preview.status, preview.body.message).toBe(200);
  const applied = await upload('Apply', bytes, name, `?token=${encodeURIComponent(preview.body.data.token)}`);
  expect(applied.status, applied.body.message).toBe(200);
  return { preview: preview.body.data, applied: applied.body.data };
}

function csvRows(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

interface ProductRow {
  product_id: number;
  name: string;
  version: number;
  description: string;
  product_status: number;
}

function product(id: number): ProductRow {
  return server.shop.database.sqlite
    .prepare('select * from products where product_id = ?')
    .get(id) as ProductRow;
}

function pricesOf(id: number): number[] {
  return (
    server.shop.database.sqlite
      .prepare('select price_cents from product_prices where product_id = ? order by start_quantity')
      .all(id) as { price_cents: number }[]
  ).map((r) => r.price_cents);
}

beforeAll(async () => {
  ({ server, token } = await signedInShop({ CATALOG_SHEET_MAX_BYTES: String(MAX_BYTES) }));
  // Text that tests the round trip: a formula-looking name, quotes, commas, a line break, accents, and empty
  // optional cells; money with cents that floating point cannot hold exactly.
  const saved = await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
    token,
    body: {
      name: '=Hyssop "Blue", giant',
      description: 'Line one\nLine two, with ümlauts',
      species: '',
      zones: '4-8',
      productSize: '',
      prices: [
        { startQuantity: 1, endQuantity: 9, price: 1.15 },
        { startQuantity: 10, endQuantity: null, price: 0.29 },
      ],
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => server?.stop());

describe('catalogue spreadsheet', () => {
  it('is refused without a staff token', async () => {
    expect((await download('Csv', '')).status).toBe(401);
    expect((await download('Xlsx', '')).status).toBe(401);
    expect((await upload('Preview', 'Id\n', 'a.csv', '', '')).status).toBe(401);
    expect((await upload('Apply', 'Id\n', 'a.csv', '?token=x', '')).status).toBe(401);
  });

  it('downloads every product that is not deleted, as CSV and as .xlsx', async () => {
    const csv = await download('Csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/Catalogue\.csv/);
    const rows = csvRows(await csv.text());
    const live = server.shop.database.sqlite
      .prepare('select count(*) as n from products where deleted_at is null and product_status != 4')
      .get() as { n: number };
    expect(rows.length - 1).toBe(live.n);
    expect(rows[0]?.slice(0, 13)).toEqual([
      'Id',
      'Version',
      'Name',
      'Type',
      'Status',
      'Species',
      'Zones',
      'Size',
      'Brand',
      'Description',
      'Tier 1 From',
      'Tier 1 To',
      'Tier 1 Price',
    ]);
    // A name a spreadsheet would run as a formula is written as text.
    const hyssop = rows.find((r) => r[2]?.includes('Hyssop'));
    expect(hyssop?.[2]).toBe('\'=Hyssop "Blue", giant');
    expect(hyssop?.slice(10, 16)).toEqual(['1', '9', '1.15', '10', '', '0.29']);

    const xlsx = await download('Xlsx');
    expect(xlsx.status).toBe(200);
    const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheet.length).toBe(rows.length);
    expect(sheet.find((r) => String(r[2]).includes('Hyssop'))?.[2]).toBe('=Hyssop "Blue", giant');
  });

  it('changes nothing when a downloaded file comes back unchanged (CSV and .xlsx)', async () => {
    for (const [kind, name] of [
      ['Csv', 'catalogue.csv'],
      ['Xlsx', 'catalogue.xlsx'],
    ] as const) {
      const bytes = new Uint8Array(await (await download(kind)).arrayBuffer());
      const before = tables();
      const { preview, applied } = await previewAndApply(bytes, name);
      expect(preview).toMatchObject({ added: [], changed: [], refused: [], applied: false });
      expect(preview.unchanged).toBe(preview.rows);
      expect(applied).toMatchObject({ added: [], changed: [], refused: [], applied: true });
      expect(tables(), kind).toEqual(before);
    }
  });

  it('applies exactly the edits of a CSV file, and refuses the rows it cannot take, with row and reason', async () => {
    const rows = csvRows(await (await download('Csv')).text());
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const [first, second, third] = rows.slice(1);
    if (!first || !second || !third) throw new Error('The demo catalogue is too small.');
    const priced = Number(first[col('Id')]);
    const renamed = Number(second[col('Id')]);
    const broken = Number(third[col('Id')]);
    first[col('Tier 1 Price')] = '99.95';
    second[col('Name')] = `${second[col('Name')]} (renamed)`;
    third[col('Tier 1 Price')] = 'twelve';
    const blank = header.map(() => '');
    const added = header.map(() => '');
    added[col('Name')] = 'Wild Bergamot';
    added[col('Type')] = 'Seeds';
    added[col('Zones')] = '3-9';
    added[col('Tier 1 From')] = '1';
    added[col('Tier 1 Price')] = '4.50';
    const edited = [header, ...rows.slice(1), blank, added];
    const text = stringify(edited);
    const before = tables();
    const versions = { priced: product(priced).version, renamed: product(renamed).version };

    const preview = await upload('Preview', text, 'edited.csv');
    expect(preview.status).toBe(200);
    expect(tables()).toEqual(before);
    const p = preview.body.data;
    expect(p.changed.map((c) => c.productId).sort()).toEqual([priced, renamed].sort());
    expect(p.changed.find((c) => c.productId === priced)?.changes).toEqual([
      {
        field: 'Prices',
        from: expect.any(String),
        to: expect.stringContaining('$99.95'),
      },
    ]);
    expect(p.changed.find((c) => c.productId === renamed)?.changes).toEqual([
      { field: 'Name', from: second[col('Name')]?.replace(' (renamed)', ''), to: second[col('Name')] },
    ]);
    expect(p.added).toEqual([
      {
        row: edited.length,
        name: 'Wild Bergamot',
        changes: [
          { field: 'Name', from: '', to: 'Wild Bergamot' },
          { field: 'Type', from: '', to: 'Seeds' },
          { field: 'Status', from: '', to: 'Active' },
          { field: 'Zones', from: '', to: '3-9' },
          { field: 'Prices', from: '', to: '1+: $4.50' },
        ],
      },
    ]);
    expect(p.refused).toEqual([
      { row: 4, message: 'Row 4: Tier 1: A price must be an amount in dollars and cents, such as 12.50.' },
    ]);
    expect(p.rows).toBe(rows.length); // every product plus the new one; the blank row is not counted
    expect(p.unchanged).toBe(rows.length - 1 - 3);

    const applied = await upload('Apply', text, 'edited.csv', `?token=${p.token}`);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({
      changed: p.changed,
      added: p.added,
      refused: p.refused,
      applied: true,
    });
    expect(pricesOf(priced)[0]).toBe(9995);
    expect(product(priced).version).toBe(versions.priced + 1);
    expect(product(renamed).name).toBe(second[col('Name')]);
    expect(product(renamed).version).toBe(versions.renamed + 1);
    expect(product(broken)).toEqual((before.products as ProductRow[]).find((r) => r.product_id === broken));
    const bergamot = server.shop.database.sqlite
      .prepare(
        "select product_id, product_type_id, product_status from products where name = 'Wild Bergamot'",
      )
      .all() as { product_id: number; product_type_id: number; product_status: number }[];
    expect(bergamot).toEqual([{ product_id: expect.any(Number), product_type_id: 8, product_status: 2 }]);
    expect(pricesOf(bergamot[0]?.product_id ?? 0)).toEqual([450]);
    // Nothing else moved: every other product row and price is as it was.
    const after = tables();
    const untouched = (list: unknown[], ids: number[]) =>
      (list as { product_id: number }[]).filter((r) => !ids.includes(r.product_id));
    const touched = [priced, renamed, bergamot[0]?.product_id ?? 0];
    expect(untouched(after.products ?? [], touched)).toEqual(untouched(before.products ?? [], touched));
    expect(untouched(after.product_prices ?? [], touched)).toEqual(
      untouched(before.product_prices ?? [], touched),
    );

    // The same file with the same token again: the catalogue moved on, so nothing is added twice.
    const again = await upload('Apply', text, 'edited.csv', `?token=${p.token}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('changed since this file was previewed');
    expect(tables()).toEqual(after);
  });

  it('applies exactly the edits of an .xlsx file', async () => {
    const sheet = (await readSheet(Buffer.from(await (await download('Xlsx')).arrayBuffer()))) as (
      | string
      | number
      | boolean
      | null
    )[][];
    const header = sheet[0] as string[];
    const row = sheet[1];
    if (!row) throw new Error('no product');
    const id = Number(row[header.indexOf('Id')]);
    row[header.indexOf('Zones')] = '5b-9a';
    // A price worked out in the spreadsheet, with binary noise: 12.3 * 3.
    row[header.indexOf('Tier 1 Price')] = 12.3 * 3;
    const before = tables();
    const bytes = await writeXlsxFile(
      sheet.map((r) => r.map((value) => (value === null ? null : { value }))),
    ).toBuffer();
    const { preview } = await previewAndApply(new Uint8Array(bytes), 'edited.xlsx');
    expect(preview.changed.map((c) => [c.productId, c.changes.map((x) => x.field)])).toEqual([
      [id, ['Zones', 'Prices']],
    ]);
    expect(preview.refused).toEqual([]);
    expect(pricesOf(id)[0]).toBe(3690);
    const after = tables();
    const others = (t: Record<string, unknown[]>) =>
      (t.products as { product_id: number }[]).filter((r) => r.product_id !== id);
    expect(others(after)).toEqual(others(before));
  });

  it("refuses a row whose product changed since the download, rather than undoing a colleague's edit", async () => {
    const rows = csvRows(await (await download('Csv')).text());
    const header = rows[0] ?? [];
    const row = rows[1];
    if (!row) throw new Error('no product');
    const id = Number(row[header.indexOf('Id')]);
    // A colleague edits the description after the download.
    const current = (
      await rest<{ productId: number; description: string }[]>(
        server.url,
        'GET',
        '/api/v1/Products/GetAllProductsWithStats?includeSpecialOrderProducts=true',
        { token },
      )
    ).body.data.find((p) => p.productId === id);
    const saved = await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
      token,
      body: { ...current, description: 'Edited by a colleague.' },
    });
    expect(saved.status).toBe(200);
    const before = tables();
    // The file still holds the old description: unchanged by the uploader, it must not put the old text back.
    const { preview } = await previewAndApply(stringify(rows), 'old.csv');
    expect(preview.changed).toEqual([]);
    expect(preview.refused).toEqual([
      {
        row: 2,
        message: expect.stringMatching(/^Row 2: .* was changed in the shop after this file was downloaded/),
      },
    ]);
    expect(tables()).toEqual(before);
    expect(product(id).description).toBe('Edited by a colleague.');
  });

  it('refuses the apply when the catalogue changed between preview and apply', async () => {
    const rows = csvRows(await (await download('Csv')).text());
    const header = rows[0] ?? [];
    const row = rows[2];
    if (!row) throw new Error('no product');
    row[header.indexOf('Zones')] = '1-2';
    const text = stringify(rows);
    const preview = await upload('Preview', text, 'a.csv');
    expect(preview.body.data.changed.length).toBe(1);
    await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
      token,
      body: { name: 'Late addition', prices: [{ startQuantity: 1, endQuantity: null, price: 2 }] },
    });
    const before = tables();
    const applied = await upload('Apply', text, 'a.csv', `?token=${preview.body.data.token}`);
    expect(applied.status).toBe(409);
    expect(tables()).toEqual(before);
  });

  it('refuses a $0.00 price on a product customers can order online, as the product save does', async () => {
    const rows = csvRows(await (await download('Csv')).text());
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const active = rows.slice(1).find((r) => r[col('Status')] === 'Active' && r[col('Tier 2 Price')] === '');
    const byHand = rows.slice(1).find((r) => r[col('Status')] === 'Call for Availability');
    if (!active || !byHand)
      throw new Error('The demo catalogue has no Active or Call for Availability product.');
    active[col('Tier 1 Price')] = '0';
    byHand[col('Tier 1 Price')] = '0.00';
    const preview = await upload('Preview', stringify(rows), 'free.csv');
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.refused.map((r) => r.message)).toEqual([
      expect.stringMatching(new RegExp(`^Row \\d+: ${FREE_PRICE.replace(/[.$()]/g, '\\$&')}$`)),
    ]);
    // Nothing is sold online at a Call for Availability price: staff may leave it at 0.
    expect(preview.body.data.changed.map((c) => c.productId)).toEqual([Number(byHand[col('Id')])]);

    const saved = await rest(server.url, 'POST', '/api/v1/Products/SaveProduct', {
      token,
      body: { name: 'Free seedling', prices: [{ startQuantity: 1, endQuantity: null, price: 0 }] },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(FREE_PRICE);
    // Nor can a product left at $0 be put on sale later.
    const id = Number(byHand[col('Id')]);
    server.shop.database.sqlite
      .prepare('update product_prices set price_cents = 0 where product_id = ?')
      .run(id);
    const onSale = await setProductStatus(server, token, id, 2);
    expect(onSale.status).toBe(400);
    expect(onSale.body.message).toBe(FREE_PRICE);
  });

  it('refuses a malformed file with a 400 a person can act on, changing nothing', async () => {
    const csv = await (await download('Csv')).text();
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const cases: [Uint8Array | string, string, number, string][] = [
      ['Name,Price\nOak,12\n', 'wrong.csv', 400, 'the columns Id, Version, Type'],
      [csv.replace('Tier 1 Price', 'Tier 1 Cost'), 'renamed.csv', 400, '"Tier 1 Cost" is not a column'],
      ['', 'empty.csv', 400, 'The file is empty.'],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]), 'utf16.csv', 400, 'CSV file in UTF-8'],
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'old.xls', 400, 'old Excel .xls'],
      [
        'Id,Version,Name\n1,"2,Oak\n',
        'quote.csv',
        400,
        'The CSV file could not be read at line 2: a quote mark',
      ],
      [zipSync({ 'notes.txt': strToU8('hello') }), 'notes.xlsx', 400, 'not a readable .xlsx workbook'],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'cut.xlsx', 400, 'The .xlsx file is damaged'],
      [bomb, 'bomb.xlsx', 400, 'unpacks to more than 10 MB'],
      ['x'.repeat(MAX_BYTES + 10), 'huge.csv', 413, 'CATALOG_SHEET_MAX_BYTES'],
    ];
    const before = tables();
    for (const [bytes, name, status, message] of cases) {
      for (const step of ['Preview', 'Apply'] as const) {
        const r = await upload(step, bytes, name, step === 'Apply' ? '?token=abc' : '');
        expect(r.status, `${step} ${name}`).toBe(status);
        expect(r.body.message, `${step} ${name}`).toContain(message);
        // Never the workbook's inner parts (xl/_rels/workbook.xml.rels) or a parser's words: nothing to act on.
        expect(r.body.message, `${step} ${name}`).not.toMatch(
          /xl\/|\.xml\b|\.rels\b|Quote Not Closed|parsing/i,
        );
      }
    }
    const noToken = await upload('Apply', csv, 'a.csv');
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toContain('Preview the file first');
    expect(tables()).toEqual(before);
  });
});
