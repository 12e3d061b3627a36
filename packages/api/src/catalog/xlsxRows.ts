import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

/**
 * The first sheet of an .xlsx as rows of text, read within bounds as it is read: the zip's parts are inflated
 * as streams (yauzl) and their XML read as a stream (saxes), a chunk at a time, so the server answers other
 * requests between chunks, and a sheet past a bound is refused the moment the bound is crossed, never after
 * reading the rest. The bounds are what a catalogue can hold: its rows, the header's columns, one value per
 * cell. A spreadsheet library that builds the whole sheet first (read-excel-file pads every row out to the
 * widest one) let one cell moved to XFD20000 fill the heap.
 */

export interface XlsxBounds {
  /** Data rows below the header. */
  maxRows: number;
  /** Columns the header row may have. */
  maxColumns: number;
  /** Cell elements in the whole sheet, empty or not. */
  maxCells: number;
  /** Characters of text in the shared strings, all together. */
  maxTextChars: number;
}

/** A sheet past one of its bounds: the message says which, for a person to act on. */
export class XlsxTooBig extends Error {}
/** Not a workbook that can be read: the message says what is wrong. */
export class XlsxUnreadable extends Error {}
/**
 * The sheet's own rows and cells out of the order a spreadsheet program writes them: unlike a damaged part or
 * an XML parser's words, the message names a row or a cell the person can look at.
 */
export class XlsxSheetOutOfShape extends XlsxUnreadable {}

/** Read whole: the workbook, its relationships and its styles, which are a few KB in any real workbook. */
const SMALL_PART_MAX_BYTES = 1024 * 1024;

type Entries = Map<string, yauzl.Entry>;

async function openZip(data: Uint8Array): Promise<{ zip: yauzl.ZipFile; entries: Entries }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(data), { lazyEntries: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(error ?? new Error('unreadable zip')) : resolve(z),
    ),
  );
  const entries: Entries = new Map();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return { zip, entries };
}

/**
 * Streams one part's XML through `handlers`, chunk by chunk. A document type is refused (a workbook has
 * none, and it is where entity tricks live); saxes refuses any entity it was not told of.
 */
async function readXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let failure: unknown = null;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('error', (error) => {
    failure ??= new XlsxUnreadable(`${entry.fileName}: ${error.message}`);
  });
  parser.on('doctype', () => {
    failure ??= new XlsxUnreadable(`${entry.fileName} declares a document type`);
  });
  const { open, close, text } = handlers;
  if (open) {
    parser.on('opentag', (tag) => {
      if (failure) return;
      try {
        open(local(tag.name), tag.attributes as Record<string, string>);
      } catch (error) {
        failure = error;
      }
    });
  }
  if (close) {
    parser.on('closetag', (tag) => {
      if (failure) return;
      try {
        close(local(tag.name));
      } catch (error) {
        failure = error;
      }
    });
  }
  if (text) {
    parser.on('text', (t) => {
      if (!failure) text(t);
    });
  }
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) =>
      error || !s ? reject(error ?? new Error('unreadable')) : resolve(s),
    ),
  );
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      // Stops at the first bound crossed or fault found, inflating nothing more.
      if (failure) break;
    }
    if (!failure) parser.write(decoder.decode()).close();
  } finally {
    stream.destroy();
  }
  if (failure) throw failure;
}

async function readSmallXml(
  zip: yauzl.ZipFile,
  entries: Entries,
  name: string,
  handlers: Parameters<typeof readXml>[2],
): Promise<boolean> {
  const entry = entries.get(name);
  if (!entry) return false;
  if (entry.uncompressedSize > SMALL_PART_MAX_BYTES) {
    throw new XlsxUnreadable(`${name} is ${entry.uncompressedSize} bytes, far more than a workbook's`);
  }
  await readXml(zip, entry, handlers);
  return true;
}

/** A relationship's target as a path inside the zip (targets are relative to xl/ unless they start with /). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
}

/** Excel's built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormat(code: string): boolean {
  // Text in quotes, escaped characters and [colours]/[conditions] are not date parts.
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Column letters of a cell reference (A1 -> 1, XFD20000 -> 16384), and its row; null when it is not one. */
function cellPosition(ref: string): { column: number; row: number } | null {
  const match = /^([A-Z]{1,3})(\d{1,7})$/.exec(ref);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1] as string) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column, row: Number(match[2]) };
}

/**
 * An .xlsx number cell as text, and a date-formatted one as its date (YYYY-MM-DD), as a person sees them.
 * `numberText` decides how a plain number reads.
 */
export async function readXlsxRows(
  data: Uint8Array,
  bounds: XlsxBounds,
  numberText: (raw: string) => string,
): Promise<string[][]> {
  let opened: Awaited<ReturnType<typeof openZip>>;
  try {
    opened = await openZip(data);
  } catch (error) {
    throw new XlsxUnreadable(error instanceof Error ? error.message : String(error));
  }
  const { zip, entries } = opened;
  try {
    // The workbook names its sheets in order; the first is the catalogue. Its relationships say where it is.
    let firstSheetId: string | null = null;
    let date1904 = false;
    const found = await readSmallXml(zip, entries, 'xl/workbook.xml', {
      open(name, attributes) {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (name === 'sheet' && firstSheetId === null) firstSheetId = attributes['r:id'] ?? null;
      },
    });
    if (!found) throw new XlsxUnreadable('it has no xl/workbook.xml');
    const targets = new Map<string, string>();
    let sharedStringsPath = 'xl/sharedStrings.xml';
    let stylesPath = 'xl/styles.xml';
    await readSmallXml(zip, entries, 'xl/_rels/workbook.xml.rels', {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
        targets.set(attributes.Id, attributes.Target);
        if (attributes.Type?.endsWith('/sharedStrings')) sharedStringsPath = partPath(attributes.Target);
        if (attributes.Type?.endsWith('/styles')) stylesPath = partPath(attributes.Target);
      },
    });
    const sheetTarget = firstSheetId === null ? undefined : targets.get(firstSheetId);
    const sheetPath = sheetTarget ? partPath(sheetTarget) : 'xl/worksheets/sheet1.xml';
    const sheet = entries.get(sheetPath);
    if (!sheet) throw new XlsxUnreadable(`it has no sheet at ${sheetPath}`);

    // Which cell styles show a date.
    const customFormats = new Map<number, string>();
    const dateStyles: boolean[] = [];
    let inCellXfs = false;
    await readSmallXml(zip, entries, stylesPath, {
      open(name, attributes) {
        if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          const custom = customFormats.get(id);
          dateStyles.push(custom === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(custom));
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });

    const strings = await readSharedStrings(zip, entries.get(sharedStringsPath), bounds);
    return await readSheetXml(zip, sheet, bounds, { strings, dateStyles, date1904, numberText });
  } finally {
    zip.close();
  }
}

async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  bounds: XlsxBounds,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  // The most strings a sheet within bounds can use: one per cell.
  const maxStrings = bounds.maxCells;
  let chars = 0;
  let current: string[] | null = null;
  let inText = false;
  // Phonetic guides (<rPh>) are hints above the text, not part of it.
  let inPhonetic = false;
  await readXml(zip, entry, {
    open(name) {
      if (name === 'si') {
        if (strings.length >= maxStrings) {
          throw new XlsxTooBig(`it holds more than ${maxStrings.toLocaleString('en-US')} different texts`);
        }
        current = [];
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    close(name) {
      if (name === 'si') {
        strings.push((current ?? []).join(''));
        current = null;
      } else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (!inText || current === null) return;
      chars += text.length;
      if (chars > bounds.maxTextChars) {
        throw new XlsxTooBig(
          `its texts hold more than ${bounds.maxTextChars.toLocaleString('en-US')} characters`,
        );
      }
      current.push(text);
    },
  });
  return strings;
}

interface SheetContext {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
  numberText: (raw: string) => string;
}

const DAY_MS = 86_400_000;

async function readSheetXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  bounds: XlsxBounds,
  context: SheetContext,
): Promise<string[][]> {
  const rows: string[][] = [];
  const lastRow = bounds.maxRows + 1;
  let width = 0;
  let cells = 0;
  let rowNumber = 0;
  let row: string[] | null = null;
  let column = 0;
  let cell: { type: string; style: number; value: string[]; inValue: boolean; inInline: boolean } | null =
    null;

  const textOf = (c: NonNullable<typeof cell>): string => {
    const raw = c.value.join('');
    switch (c.type) {
      case 's': {
        const text = context.strings[Number(raw)];
        if (text === undefined)
          throw new XlsxUnreadable(`a cell names text number ${raw}, which is not there`);
        return text;
      }
      case 'inlineStr':
      case 'str':
      case 'e':
        return raw;
      case 'b':
        return raw === '1' ? 'Yes' : raw === '' ? '' : 'No';
      case 'd':
        return raw.slice(0, 10);
      default: {
        if (raw === '') return '';
        if (context.dateStyles[c.style]) {
          const serial = Number(raw);
          if (Number.isFinite(serial)) {
            const epoch = context.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
            const date = new Date(epoch + Math.round(serial * DAY_MS));
            if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 10);
          }
        }
        return context.numberText(raw);
      }
    }
  };

  await readXml(zip, entry, {
    open(name, attributes) {
      if (name === 'row') {
        const next = attributes.r === undefined ? rowNumber + 1 : Number(attributes.r);
        if (!Number.isSafeInteger(next) || next <= rowNumber) {
          throw new XlsxSheetOutOfShape(
            `its rows are out of order (row ${attributes.r ?? '?'} after row ${rowNumber})`,
          );
        }
        if (next > lastRow) {
          throw new XlsxTooBig(
            `it has rows down to row ${next.toLocaleString('en-US')}, past the ${bounds.maxRows.toLocaleString('en-US')} products that can be uploaded at once`,
          );
        }
        rowNumber = next;
        row = [];
        column = 0;
      } else if (name === 'c') {
        if (row === null) throw new XlsxSheetOutOfShape('a cell stands outside a row');
        cells += 1;
        if (cells > bounds.maxCells) {
          throw new XlsxTooBig(`it has more than ${bounds.maxCells.toLocaleString('en-US')} cells`);
        }
        const position = attributes.r === undefined ? null : cellPosition(attributes.r);
        if (attributes.r !== undefined && (!position || position.row !== rowNumber)) {
          throw new XlsxSheetOutOfShape(`cell ${attributes.r} is not a cell of row ${rowNumber}`);
        }
        const next = position ? position.column : column + 1;
        if (next <= column) throw new XlsxSheetOutOfShape(`its cells in row ${rowNumber} are out of order`);
        column = next;
        cell = {
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          value: [],
          inValue: false,
          inInline: false,
        };
      } else if (cell && name === 'v') cell.inValue = true;
      else if (cell && name === 'is') cell.inInline = true;
      else if (cell?.inInline && name === 't') cell.inValue = true;
    },
    close(name) {
      if (name === 'v' || name === 't') {
        if (cell) cell.inValue = false;
      } else if (name === 'c' && cell && row) {
        const value = textOf(cell);
        cell = null;
        if (value === '') return;
        // The header says how wide the catalogue is; a value past it is not a column of the catalogue.
        const limit = rowNumber === 1 ? bounds.maxColumns : width;
        if (column > limit) {
          throw rowNumber === 1
            ? new XlsxTooBig(`its first row has more than ${bounds.maxColumns} columns`)
            : new XlsxTooBig(
                `row ${rowNumber} has a value in column ${column.toLocaleString('en-US')}, past the last heading of the first row (column ${width})`,
              );
        }
        while (row.length < column - 1) row.push('');
        row.push(value);
      } else if (name === 'row' && row) {
        if (rowNumber === 1) width = row.length;
        // Rows the sheet skips are empty rows: row numbers in messages stay the sheet's own.
        while (rows.length < rowNumber - 1) rows.push([]);
        rows.push(row);
        row = null;
      }
    },
    text(text) {
      if (cell?.inValue) cell.value.push(text);
    },
  });
  while (rows.length > 0 && (rows[rows.length - 1] as string[]).every((c) => c === '')) rows.pop();
  return rows;
}
