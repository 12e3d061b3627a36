import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type CatalogSheetResult,
  emptyPricesProblem,
  freePriceProblem,
  isBlankRow,
  type ProductInput,
  ProductStatus,
  productInputSchema,
  productRow,
  readSheetHeader,
  readSheetRow,
  SHEET_MAX_ROWS,
  SHEET_TEXT_COLUMNS,
  type SheetFields,
  type SheetLayout,
  sheetChanges,
  sheetHeader,
  sheetRowNumber,
  sheetTierMessage,
  toSheetText,
  zonedParts,
} from '@nursery/domain';
import { parse as parseCsv } from 'csv-parse';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';
import yauzl from 'yauzl';
import { withCatalogueApply } from '../backup/changesHeld.ts';
import { ShopError } from '../errors.ts';
import type { FileAnswer, UploadedFile } from '../input.ts';
import type { Shop } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { pieces } from '../turns.ts';
import { allProductsWithStats, catalogueFingerprint, writeProduct } from './adminService.ts';
import { remakeProductsToShow } from './storefront.ts';
import { readXlsxRows, XlsxSheetOutOfShape, XlsxTooBig, XlsxUnreadable } from './xlsxRows.ts';

/**
 * The catalogue as a spreadsheet: download (CSV or .xlsx), and upload back with a preview of what it adds,
 * changes and refuses, then one transaction that applies exactly that preview. The columns and the reading of
 * a row live in packages/domain (catalogSheet.ts); every row is checked by the product save's own schema and
 * rules, and written by the product save itself.
 *
 * CSV is read and written with csv-parse/csv-stringify, .xlsx written with write-excel-file and read by
 * xlsxRows.ts (yauzl and saxes, within bounds as it reads; never the xlsx package, whose reader has open
 * advisories): docs/decisions.md. Reading, checking and writing yield to other requests between pieces, so an
 * upload never holds the server for long (docs/decisions.md, "The catalogue as a spreadsheet").
 */

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An .xlsx holds a dozen parts; many more is not a workbook a spreadsheet program saved. */
const XLSX_MAX_ENTRIES = 200;
/** How far an .xlsx may unpack, as a multiple of the upload cap: XML compresses about tenfold. */
const XLSX_EXPANSION = 10;

export type SheetFormat = 'csv' | 'xlsx';

export const XLSX_UNREADABLE =
  'The file is a zip but not a readable .xlsx workbook: part of it is missing or damaged. Save it from your spreadsheet program as Excel Workbook (.xlsx) or CSV UTF-8.';

function refuse(message: string): never {
  throw new ShopError({ kind: 'bad_request', message });
}

function sheetProducts(shop: Shop) {
  return allProductsWithStats(shop, { includeSpecialOrderProducts: true }).map((p) => ({
    productId: p.productId,
    version: p.version,
    name: p.name,
    productTypeId: p.productTypeId,
    productStatus: p.productStatus,
    species: p.species,
    zones: p.zones,
    productSize: p.productSize,
    isDougs: p.isDougs,
    description: p.description,
    tiers: p.prices.map((t) => ({
      startQuantity: t.startQuantity,
      endQuantity: t.endQuantity,
      priceCents: t.priceCents,
    })),
  }));
}

function fileName(shop: Shop, format: SheetFormat): string {
  const p = zonedParts(shop.now(), shop.config.shop.timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}-Catalogue.${format}`;
}

/** Every product that is not deleted, one row each, ordered by name as the Products screen lists them. */
export async function catalogSheetDownload(shop: Shop, format: SheetFormat): Promise<FileAnswer> {
  const catalogue = sheetProducts(shop);
  const tierCount = Math.max(0, ...catalogue.map((p) => p.tiers.length));
  const header = sheetHeader(tierCount);
  const rows = catalogue.map((p) => productRow(p, tierCount));
  if (format === 'csv') {
    const textColumns = new Set(SHEET_TEXT_COLUMNS.map((c) => header.indexOf(c)));
    const safe = rows.map((row) => row.map((cell, i) => (textColumns.has(i) ? toSheetText(cell) : cell)));
    // A byte order mark, so Excel opens the file as UTF-8 (names with accents survive); CRLF, as Excel writes.
    const text = `\uFEFF${stringifyCsv([header, ...safe], { record_delimiter: 'windows' })}`;
    return { contentType: CSV_TYPE, fileName: fileName(shop, 'csv'), body: new TextEncoder().encode(text) };
  }
  const numeric = (column: string) => column === 'Id' || column === 'Version' || / (From|To)$/.test(column);
  const money = (column: string) => / Price$/.test(column);
  const data = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((cell, i) => {
        const column = header[i] ?? '';
        if (cell === '') return null;
        if (numeric(column)) return { type: Number, value: Number(cell) };
        if (money(column)) return { type: Number, value: Number(cell), format: '0.00' };
        return { type: String, value: cell };
      }),
    ),
  ];
  const buffer = await writeXlsxFile(data, {
    sheet: 'Catalogue',
    stickyRowsCount: 1,
    columns: header.map((c) => ({ width: c === 'Description' ? 50 : c === 'Name' ? 30 : 14 })),
  }).toBuffer();
  return { contentType: XLSX_TYPE, fileName: fileName(shop, 'xlsx'), body: new Uint8Array(buffer) };
}

const startsWith = (data: Uint8Array, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/**
 * Inflates every entry of the .xlsx as a stream, counting, before the reader sees it: a zip bomb (entries
 * that unpack far past their size, or lie about it, or thousands of them) is refused having cost at most the
 * cap. yauzl checks each entry's real size against the size its directory declares, so the reader, which
 * sizes its buffers from that directory, allocates no more than was counted here.
 */
async function checkXlsxSize(shop: Shop, data: Uint8Array): Promise<void> {
  const limit = shop.config.catalogSheetMaxBytes * XLSX_EXPANSION;
  const tooBig = () =>
    refuse(
      `The .xlsx file unpacks to more than ${Math.round(limit / 1024 / 1024)} MB, far more than a catalogue needs. Save the catalogue sheet alone as a new workbook (or as CSV UTF-8) and upload that.`,
    );
  const notZip = (why: string) =>
    refuse(
      `The .xlsx file is damaged (${why}). Save it again from your spreadsheet program, or save it as CSV UTF-8.`,
    );
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(data), { lazyEntries: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(error) : resolve(z),
    ),
  ).catch((error: unknown) => notZip(error instanceof Error ? error.message : String(error)));
  if (zip.entryCount > XLSX_MAX_ENTRIES) {
    zip.close();
    notZip(`it holds ${zip.entryCount} files`);
  }
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > limit) {
          reject(new RangeError('too big'));
          return;
        }
        zip.openReadStream(entry, (error, stream?: Readable) => {
          if (error || !stream) {
            reject(error ?? new Error('unreadable entry'));
            return;
          }
          let read = 0;
          stream.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > entry.uncompressedSize || total > limit) stream.destroy(new RangeError('too big'));
          });
          stream.on('error', reject);
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof RangeError) tooBig();
    notZip(error instanceof Error ? error.message : String(error));
  } finally {
    zip.close();
  }
}

/**
 * An .xlsx number cell as text: binary floating point makes 12.3 * 3 come out as 36.900000000000006, so a value
 * within a millionth of a cent of whole cents is written as those cents; other numbers keep their own text.
 */
function xlsxNumberText(raw: string): string {
  const n = Number(raw);
  if (!Number.isFinite(n) || Math.abs(n) >= 1e13) return raw;
  const cents = Math.round(n * 100);
  return Math.abs(n * 100 - cents) < 1e-6 ? String(cents / 100) : raw;
}

/** The most columns a catalogue's first row may have: its columns with room for every tier, and some to spare. */
const SHEET_MAX_COLUMNS = 200;
/** A CSV is read in pieces of this many characters, the server answering others between them. */
const CSV_PIECE = 64 * 1024;

function tooManyRows(): never {
  refuse(
    `The file has more than ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows; at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} products can be uploaded at once. Split it into smaller files.`,
  );
}

function pastHeader(row: number, column: number, width: number): never {
  refuse(
    `Row ${row} has a value in column ${column}, to the right of the last column heading (column ${width}). Delete what is right of the catalogue's columns, or give it a heading the catalogue knows.`,
  );
}

/**
 * Why a CSV file could not be read, in the shop's words: the line, and for a quote (the usual cause) what is
 * wrong with it. The parser's own text ('Invalid Closing Quote: got "x" at line 2 instead of delimiter') is not
 * shown.
 */
function csvUnreadable(error: unknown): string {
  const { code, lines } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    lines?: unknown;
  };
  const where = typeof lines === 'number' && lines > 0 ? ` at line ${lines}` : '';
  const quote =
    typeof code === 'string' && code.includes('QUOTE')
      ? ': a quote mark (") there is not closed, or stands inside a value without the whole value in quotes'
      : '';
  return `The CSV file could not be read${where}${quote}. Fix that line, or save the file again as CSV UTF-8.`;
}

/**
 * Reads CSV text a piece at a time, refusing the moment a bound is crossed: more rows than can be uploaded,
 * a first row wider than any catalogue, a value right of the last heading.
 */
async function readCsvRows(text: string): Promise<string[][]> {
  const parser = parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const rows: string[][] = [];
  let width = 0;
  const feed = (async () => {
    for (let at = 0; at < text.length && !parser.destroyed; at += CSV_PIECE) {
      parser.write(text.slice(at, at + CSV_PIECE));
      await nextTurn();
    }
    if (!parser.destroyed) parser.end();
  })();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const row = rows.length + 1;
      if (row > SHEET_MAX_ROWS + 1) tooManyRows();
      if (row === 1) {
        if (record.length > SHEET_MAX_COLUMNS) {
          refuse(
            `The first row has ${record.length} columns; the catalogue has far fewer. Upload the catalogue as downloaded.`,
          );
        }
        width = record.length;
      } else if (record.length > width) {
        const last = record.findLastIndex((cell) => cell !== '');
        if (last >= width) pastHeader(row, last + 1, width);
        record.length = width;
      }
      rows.push(record);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof ShopError) throw error;
    refuse(csvUnreadable(error));
  } finally {
    await feed.catch(() => {});
  }
  return rows;
}

/** The uploaded file's rows as text cells ('' for empty), whatever its kind; 400 for anything else. */
export async function readSheetFile(
  shop: Shop,
  file: UploadedFile,
): Promise<{ rows: string[][]; format: SheetFormat }> {
  const data = file.data;
  const max = shop.config.catalogSheetMaxBytes;
  if (data.byteLength > max) {
    throw new ShopError({
      kind: 'too_large',
      message: `The file is larger than the ${Math.round(max / 1024 / 1024)} MB this shop accepts (CATALOG_SHEET_MAX_BYTES). Nothing was changed.`,
    });
  }
  if (data.byteLength === 0) refuse('The file is empty. Upload the catalogue spreadsheet (.csv or .xlsx).');
  let rows: string[][];
  let format: SheetFormat;
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    await checkXlsxSize(shop, data);
    format = 'xlsx';
    try {
      rows = await readXlsxRows(
        data,
        {
          maxRows: SHEET_MAX_ROWS,
          maxColumns: SHEET_MAX_COLUMNS,
          // Every row as wide as the widest catalogue, with room for empty styled cells beside them.
          maxCells: (SHEET_MAX_ROWS + 1) * SHEET_MAX_COLUMNS,
          // A catalogue's texts are a small part of what the file may unpack to.
          maxTextChars: shop.config.catalogSheetMaxBytes * XLSX_EXPANSION,
        },
        xlsxNumberText,
      );
    } catch (error) {
      if (error instanceof XlsxTooBig) {
        refuse(
          `The .xlsx file is not a catalogue this shop can take: ${error.message}. Nothing was read further. Keep to the catalogue's own columns and at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows (split a bigger one), or upload the catalogue as downloaded.`,
        );
      }
      if (error instanceof XlsxSheetOutOfShape) {
        refuse(
          `The .xlsx workbook could not be read: ${error.message}. Save it from your spreadsheet program as Excel Workbook (.xlsx) or CSV UTF-8.`,
        );
      }
      // What is wrong inside the zip (a part's name such as xl/_rels/workbook.xml.rels, an XML parser's words)
      // tells the person nothing they can act on: it goes to the log, and they are told what to do.
      if (error instanceof XlsxUnreadable)
        shop.log.info({ why: error.message }, 'catalogue .xlsx unreadable');
      else shop.log.warn({ err: error }, 'catalogue .xlsx unreadable');
      refuse(XLSX_UNREADABLE);
    }
  } else if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0])) {
    refuse(
      'This is an old Excel .xls workbook. Save it as Excel Workbook (.xlsx) or CSV UTF-8 and upload that.',
    );
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      refuse(
        'The file is neither an .xlsx workbook nor a CSV file in UTF-8. Save it from your spreadsheet program as Excel Workbook (.xlsx) or CSV UTF-8.',
      );
    }
    if (text.includes('\u0000')) {
      refuse('The file is not a spreadsheet. Upload the catalogue as .xlsx or CSV UTF-8.');
    }
    format = 'csv';
    rows = await readCsvRows(text);
  }
  if (rows.length === 0) refuse('The file has no rows. Upload the catalogue spreadsheet as downloaded.');
  if (rows.length - 1 > SHEET_MAX_ROWS) tooManyRows();
  return { rows, format };
}

interface Write {
  input: ProductInput;
}

interface Plan {
  result: Omit<CatalogSheetResult, 'token' | 'applied' | 'fileName'>;
  writes: Write[];
}

function fieldsOf(input: ProductInput, before: SheetFields | null): SheetFields {
  return {
    name: input.name,
    description: input.description,
    productTypeId: input.productTypeId,
    // Empty Status or Brand cells keep what the product has, as SaveProduct does; a new product is Active.
    productStatus: input.productStatus ?? before?.productStatus ?? ProductStatus.Active,
    species: input.species,
    zones: input.zones,
    productSize: input.productSize,
    isDougs: input.isDougs ?? before?.isDougs ?? false,
    tiers: input.prices.map((t) => ({
      startQuantity: t.startQuantity,
      endQuantity: t.endQuantity,
      priceCents: t.priceCents,
    })),
  };
}

/**
 * Reads every row against the catalogue as it is now: what the file would add, change and refuse. It lets other
 * requests in between pieces of rows; the apply's token, checked after, says whether the catalogue moved meanwhile.
 */
async function planSheet(shop: Shop, rows: string[][], format: SheetFormat): Promise<Plan> {
  const [header = [], ...data] = rows;
  const layout: SheetLayout | { problem: string } = readSheetHeader(header);
  if ('problem' in layout) refuse(layout.problem);
  const columns: SheetLayout = layout;
  const catalogue = new Map(sheetProducts(shop).map((p) => [p.productId, p]));
  const result: Plan['result'] = { rows: 0, added: [], changed: [], refused: [], unchanged: 0 };
  const writes: Write[] = [];
  const seen = new Map<number, number>();
  const pause = pieces();
  for (const [index, cells] of data.entries()) {
    await pause();
    planRow(index, cells);
  }
  return { result, writes };

  function planRow(index: number, cells: string[]): void {
    if (isBlankRow(cells)) return;
    result.rows++;
    const row = sheetRowNumber(index);
    const refused = (message: string) => result.refused.push({ row, message: `Row ${row}: ${message}` });
    // A CSV marks text that starts like a formula with an apostrophe, which is taken off; an .xlsx holds text as text.
    const read = readSheetRow(columns, cells, { marked: format === 'csv' });
    if ('problems' in read) {
      refused(`${read.problems.join('; ')}.`);
      return;
    }
    if (read.productId !== null) {
      const earlier = seen.get(read.productId);
      if (earlier !== undefined) {
        refused(
          `product ${read.productId} is already on row ${earlier}; each product can be on one row only.`,
        );
        return;
      }
      seen.set(read.productId, row);
    }
    const parsed = productInputSchema.safeParse({
      ...read.input,
      productId: read.productId,
      version: read.version,
    });
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const [first, tierIndex] = issue.path;
        return first === 'prices'
          ? sheetTierMessage(
              issue.message,
              read.tierNumbers,
              typeof tierIndex === 'number' ? tierIndex : undefined,
            )
          : issue.message;
      });
      refused(messages.join(' '));
      return;
    }
    const input = parsed.data;
    const current = read.productId === null ? null : catalogue.get(read.productId);
    if (current === undefined) {
      refused(
        `there is no product with id ${read.productId} in the shop (it may have been deleted). Clear its Id to add it as a new product.`,
      );
      return;
    }
    const after = fieldsOf(input, current);
    // The product save's own rules on prices, for the status the row would leave the product in.
    const noPrices =
      emptyPricesProblem(after.tiers.length, after.productStatus) ??
      freePriceProblem(after.tiers, after.productStatus);
    if (noPrices) {
      refused(noPrices);
      return;
    }
    const changes = sheetChanges(current, after);
    if (current) {
      if (changes.length === 0) {
        result.unchanged++;
        return;
      }
      if (read.version === null) {
        refused(
          `its Version cell is empty, so the shop cannot tell whether ${current.name} changed since the file was made. Download the catalogue again and make the change there.`,
        );
        return;
      }
      if (read.version !== current.version) {
        refused(
          `${current.name} was changed in the shop after this file was downloaded (version ${read.version}, now ${current.version}). Download the catalogue again and make the change there, so theirs is not undone.`,
        );
        return;
      }
      result.changed.push({ row, productId: current.productId, name: current.name, changes });
    } else {
      result.added.push({ row, name: after.name, changes });
    }
    writes.push({ input });
  }
}

function tokenOf(shop: Shop, file: UploadedFile): string {
  return createHash('sha256')
    .update(file.data)
    .update(`\n${catalogueFingerprint(shop)}`)
    .digest('base64url');
}

export async function previewCatalogSheet(shop: Shop, file: UploadedFile): Promise<CatalogSheetResult> {
  const { rows, format } = await readSheetFile(shop, file);
  const { result } = await planSheet(shop, rows, format);
  return { fileName: file.fileName, ...result, token: tokenOf(shop, file), applied: false };
}

export const SHEET_STALE =
  'The catalogue changed since this file was previewed (a product was saved, or this file was already applied). Nothing was changed. Preview the file again.';

/**
 * Applies the file exactly as its preview showed: the same file and the preview's token, refused with 409 when
 * the catalogue moved on since (the token covers the file's bytes and the catalogue's fingerprint). Every
 * added or changed row is written by the product save inside one transaction; a failure rolls all of them back.
 * The transaction stays open across pieces of rows, the server answering others between them (5,000 rows held
 * it 5 s at once), while withCatalogueApply refuses other changes, which would otherwise land inside it.
 */
export async function applyCatalogSheet(
  shop: Shop,
  staff: StaffIdentity,
  file: UploadedFile,
  token: string,
): Promise<CatalogSheetResult> {
  const { rows, format } = await readSheetFile(shop, file);
  // The file's own problems first (a wrong header is a 400 whatever the token), then the preview's token.
  const { result, writes } = await planSheet(shop, rows, format);
  return withCatalogueApply(shop, async () => {
    if (tokenOf(shop, file) !== token) throw new ShopError({ kind: 'conflict', message: SHEET_STALE });
    const sqlite = shop.database.sqlite;
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const pause = pieces();
      for (const write of writes) {
        await pause();
        writeProduct(shop, write.input);
      }
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      // Visitors may have read the list while the rows were being written.
      shop.catalogCache.invalidate();
      throw error;
    }
    // Read again either way (visitors may have read the rows being written), here rather than by the next
    // visitor: the list of thousands more products, made in one go, held the loop. The sheet is applied
    // whatever happens to that read: a list that failed is left for the next visitor to read.
    await remakeProductsToShow(shop).catch((error: unknown) =>
      shop.log.error({ err: error }, 'storefront list not read again after the catalogue spreadsheet'),
    );
    shop.flushEmail();
    shop.webhooks.flush();
    shop.log.info(
      {
        by: staff.email || staff.name,
        added: result.added.length,
        changed: result.changed.length,
        file: file.fileName,
      },
      'catalogue spreadsheet applied',
    );
    return { fileName: file.fileName, ...result, token: tokenOf(shop, file), applied: true };
  });
}
