import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { zonedParts } from '@nursery/domain';
import { inPieces, pieces, wholly } from '../turns.ts';

/** A cell as the export describes it; the writer turns it into a typed spreadsheet cell. */
export type ExportCell =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'money'; cents: number }
  | { kind: 'date'; at: number }
  | { kind: 'boolean'; value: boolean }
  | null;

export const text = (value: string | null | undefined): ExportCell => ({ kind: 'text', value: value ?? '' });
export const num = (value: number | null | undefined): ExportCell =>
  value === null || value === undefined ? null : { kind: 'number', value };
export const money = (cents: number): ExportCell => ({ kind: 'money', cents });
export const date = (at: number): ExportCell => ({ kind: 'date', at });
export const bool = (value: boolean): ExportCell => ({ kind: 'boolean', value });

/** A workbook being written to the data folder starts so; one left by a stopped server is swept at start. */
export const WORKBOOK_TEMP_PREFIX = '.export-';

export interface ExportSheet {
  name: string;
  headers: string[];
  /** An array, or rows made as they are written (read once: a season's lines never sit in memory whole). */
  rows: Iterable<ExportCell[]>;
  /** Column widths in characters. */
  widths?: number[];
}

export const MONEY_FORMAT = '"$"#,##0.00';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * Spreadsheet dates are wall-clock serial numbers with no zone. xlsx would convert a JavaScript Date with
 * the server's own zone, so the serial is made here from the shop's wall clock: 9:05 in the shop reads
 * 9:05 in the sheet wherever the server runs.
 */
export function excelSerial(at: number, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - EXCEL_EPOCH_MS) / DAY_MS;
}

/**
 * Where written bytes go: `(bytes, at)` puts them at byte `at` of the file. Given one, the writer keeps only
 * its last 64 KB in memory and hands the rest on; without, the whole file stays in its buffer.
 */
type Sink = (bytes: Buffer, at: number) => void;

/** BIFF8's largest record with its 4-byte head: a record is started only where it fits whole in the buffer. */
const MAX_RECORD = 8228;
const FLUSH_BYTES = 64 * 1024;

/** A byte buffer written little-endian, as BIFF records are, either growing or flushed to a sink. */
class ByteWriter {
  private buffer: Buffer;
  /** Bytes already handed to the sink: `position` counts from the start of the file. */
  private flushed = 0;
  private used = 0;
  private readonly sink: Sink | null;
  /** `expected`: about how many bytes will be written, so a large sheet is not copied as the buffer grows. */
  constructor(expected: number, sink: Sink | null = null) {
    this.sink = sink;
    this.buffer = Buffer.allocUnsafe(sink ? FLUSH_BYTES + MAX_RECORD : Math.max(64 * 1024, expected));
  }
  get position(): number {
    return this.flushed + this.used;
  }
  private room(n: number): void {
    if (this.used + n <= this.buffer.length) return;
    if (this.sink && n <= this.buffer.length) {
      this.flush();
      return;
    }
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + n));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
  /** Hands what is buffered to the sink. */
  flush(): void {
    if (!this.sink || this.used === 0) return;
    this.sink(this.buffer.subarray(0, this.used), this.flushed);
    this.flushed += this.used;
    this.used = 0;
  }
  u8(v: number): void {
    this.room(1);
    this.buffer.writeUInt8(v, this.used);
    this.used += 1;
  }
  u16(v: number): void {
    this.room(2);
    this.buffer.writeUInt16LE(v, this.used);
    this.used += 2;
  }
  u32(v: number): void {
    this.room(4);
    this.buffer.writeUInt32LE(v >>> 0, this.used);
    this.used += 4;
  }
  f64(v: number): void {
    this.room(8);
    this.buffer.writeDoubleLE(v, this.used);
    this.used += 8;
  }
  utf16(text: string): void {
    this.room(text.length * 2);
    this.used += this.buffer.write(text, this.used, 'utf16le');
  }
  latin1(text: string): void {
    this.room(text.length);
    this.used += this.buffer.write(text, this.used, 'latin1');
  }
  bytes(data: Buffer): void {
    for (let at = 0; at < data.length; at += FLUSH_BYTES) {
      const part = data.subarray(at, at + FLUSH_BYTES);
      this.room(part.length);
      this.used += part.copy(this.buffer, this.used);
    }
  }
  /** Starts a record; answers where its size goes, for `end`. Flushed first if a whole record might not fit. */
  record(type: number): number {
    if (this.sink && this.used + MAX_RECORD > this.buffer.length) this.flush();
    this.u16(type);
    this.u16(0);
    return this.position;
  }
  end(start: number): void {
    this.buffer.writeUInt16LE(this.position - start, start - 2 - this.flushed);
  }
  /** Writes over bytes already written, in the buffer or, once flushed, through the sink. */
  patch(at: number, bytes: Buffer): void {
    if (at >= this.flushed) bytes.copy(this.buffer, at - this.flushed);
    else if (this.sink) this.sink(bytes, at);
  }
  setU32(at: number, v: number): void {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(v >>> 0);
    this.patch(at, b);
  }
  setU16(at: number, v: number): void {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16LE(v);
    this.patch(at, b);
  }
  /** The whole file, when there is no sink. */
  contents(): Buffer {
    return this.buffer.subarray(0, this.used);
  }
}

/** BIFF8 caps a record at 8,224 bytes; a longer text would need CONTINUE records, so cells keep 4,000 characters. */
const MAX_CELL_TEXT = 4000;
/** BIFF8 rows: 65,536 per sheet. */
const MAX_ROWS = 65_536;
/** True when a character is outside Latin-1, so the text must be written as UTF-16. */
function isWide(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0xff) return true;
  return false;
}

/** XLUnicodeString: 16-bit length, then Latin-1 bytes or, when a character needs it, UTF-16. */
function unicodeString(w: ByteWriter, text: string, shortLength = false): void {
  if (shortLength) w.u8(text.length);
  else w.u16(text.length);
  if (isWide(text)) {
    w.u8(1);
    w.utf16(text);
  } else {
    w.u8(0);
    w.latin1(text);
  }
}

// Cell formats (XF indexes): 0-15 are the style XFs every workbook carries, then General, money, date.
const XF_GENERAL = 16;
const XF_MONEY = 17;
const XF_DATE = 18;
const FORMAT_MONEY = 164;
const FORMAT_DATE = 165;

function writeCell(w: ByteWriter, row: number, col: number, cell: ExportCell, timeZone: string): void {
  if (cell === null) return;
  let at: number;
  switch (cell.kind) {
    case 'text': {
      const value = cell.value.length > MAX_CELL_TEXT ? cell.value.slice(0, MAX_CELL_TEXT) : cell.value;
      at = w.record(0x0204); // LABEL
      w.u16(row);
      w.u16(col);
      w.u16(XF_GENERAL);
      unicodeString(w, value);
      break;
    }
    case 'boolean':
      at = w.record(0x0205); // BOOLERR
      w.u16(row);
      w.u16(col);
      w.u16(XF_GENERAL);
      w.u8(cell.value ? 1 : 0);
      w.u8(0);
      break;
    default: {
      const [xf, value] =
        cell.kind === 'number'
          ? [XF_GENERAL, cell.value]
          : cell.kind === 'money'
            ? [XF_MONEY, cell.cents / 100]
            : [XF_DATE, excelSerial(cell.at, timeZone)];
      at = w.record(0x0203); // NUMBER
      w.u16(row);
      w.u16(col);
      w.u16(xf);
      w.f64(value);
    }
  }
  w.end(at);
}

/**
 * The workbook stream: globals (fonts, formats, XFs, the sheet list), then each sheet's cells, written at the
 * writer's position; its offsets count from there. Each sheet's rows are read once, as they are written. It
 * yields after each row, where the server's loop may turn (a season's rows are read from the database there).
 */
function* writeWorkbookStream(
  w: ByteWriter,
  sheets: readonly ExportSheet[],
  timeZone: string,
): Generator<undefined, void> {
  const start = w.position;
  const bof = (kind: number) => {
    const at = w.record(0x0809);
    w.u16(0x0600); // BIFF8
    w.u16(kind);
    w.u16(0x7262);
    w.u16(0x07cd);
    w.u32(0x0001c009);
    w.u32(0x00000706);
    w.end(at);
  };
  const eof = () => w.end(w.record(0x000a));
  bof(0x0005);
  let at = w.record(0x0042); // CODEPAGE: UTF-16
  w.u16(1200);
  w.end(at);
  at = w.record(0x003d); // WINDOW1
  for (const v of [0, 0, 0x7260, 0x44c0, 0x38, 0, 0, 1, 0x01f4]) w.u16(v);
  w.end(at);
  at = w.record(0x0031); // FONT: Arial 12
  w.u16(240);
  w.u32(0);
  w.u16(400);
  w.u32(0);
  w.u16(0);
  unicodeString(w, 'Arial', true);
  w.end(at);
  for (const [id, format] of [
    [FORMAT_MONEY, MONEY_FORMAT],
    [FORMAT_DATE, DATE_TIME_FORMAT],
  ] as const) {
    at = w.record(0x041e); // FORMAT
    w.u16(id);
    unicodeString(w, format);
    w.end(at);
  }
  const xf = (format: number, style: boolean) => {
    at = w.record(0x00e0);
    w.u16(0);
    w.u16(format);
    w.u16(style ? 0xfff4 : 0);
    w.u32(0);
    w.u32(0);
    w.u32(0);
    w.u16(0);
    w.end(at);
  };
  for (let i = 0; i < 16; i += 1) xf(0, true);
  xf(0, false);
  xf(FORMAT_MONEY, false);
  xf(FORMAT_DATE, false);
  // The sheet list: each entry points at its sheet's BOF, filled in once the sheet is written.
  const sheetOffsets: number[] = [];
  for (const sheet of sheets) {
    at = w.record(0x0085); // BOUNDSHEET8
    sheetOffsets.push(w.position);
    w.u32(0);
    w.u16(0);
    unicodeString(w, sheet.name.replace(/[:\\/?*[\]]/g, '-').slice(0, 31), true);
    w.end(at);
  }
  eof();
  for (const [index, sheet] of sheets.entries()) {
    w.setU32(sheetOffsets[index] ?? 0, w.position - start);
    bof(0x0010);
    // Rows and columns are known once the rows are written: filled in then.
    at = w.record(0x0200); // DIMENSIONS
    const dimensions = w.position;
    w.u32(0);
    w.u32(0);
    w.u16(0);
    w.u16(0);
    w.u16(0);
    w.end(at);
    (sheet.widths ?? []).forEach((wch, col) => {
      at = w.record(0x007d); // COLINFO
      w.u16(col);
      w.u16(col);
      w.u16(Math.round(wch * 256));
      w.u16(XF_GENERAL);
      w.u16(0);
      w.u16(0);
      w.end(at);
    });
    at = w.record(0x023e); // WINDOW2
    w.u16(index === 0 ? 0x06b6 : 0x00b6);
    w.u32(0);
    w.u32(64);
    w.u32(0);
    w.u32(0);
    w.end(at);
    sheet.headers.forEach((header, col) => {
      writeCell(w, 0, col, text(header), timeZone);
    });
    let rows = 1;
    let columns = Math.max(sheet.headers.length, 1);
    for (const row of sheet.rows) {
      if (rows >= MAX_ROWS) break;
      for (let col = 0; col < row.length; col += 1) writeCell(w, rows, col, row[col] ?? null, timeZone);
      columns = Math.max(columns, row.length);
      rows += 1;
      yield;
    }
    w.setU32(dimensions + 4, rows);
    w.setU16(dimensions + 10, columns);
    eof();
  }
}

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const DIFAT_SECTOR = 0xfffffffc;
const NO_STREAM = 0xffffffff;
/** Streams shorter than this live in the compound file's mini stream; the workbook is padded past it. */
const MINI_CUTOFF = 4096;

/**
 * The compound file (OLE2, version 3) Excel reads an .xls from, holding one stream named Workbook:
 * [header][Workbook sectors][directory sector][FAT sectors][DIFAT sectors]. Everything but the stream itself
 * follows from its length: answered as the 512-byte header and the tail after the stream (its padding to a
 * whole sector, the directory, the FAT and DIFAT sectors), so the stream can go out as it is written.
 */
function compoundFrame(streamLength: number): { header: Buffer; tail: Buffer } {
  const size = Math.max(streamLength, MINI_CUTOFF);
  const dataSectors = Math.ceil(size / SECTOR);
  let fatSectors = 1;
  let difatSectors = 0;
  for (;;) {
    difatSectors = fatSectors > 109 ? Math.ceil((fatSectors - 109) / 127) : 0;
    const entries = dataSectors + 1 + fatSectors + difatSectors;
    if (entries <= fatSectors * 128) break;
    fatSectors += 1;
  }
  const dirSector = dataSectors;
  const firstFat = dirSector + 1;
  const firstDifat = firstFat + fatSectors;
  const total = firstDifat + difatSectors;
  const file = Buffer.alloc(SECTOR);
  // Offsets in the tail, which starts right after the stream.
  const tail = Buffer.alloc(SECTOR * (1 + total) - SECTOR - streamLength);
  const sectorAt = (n: number) => SECTOR * (1 + n) - SECTOR - streamLength;

  // Header.
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(0x003e, 24);
  file.writeUInt16LE(0x0003, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30); // 512-byte sectors
  file.writeUInt16LE(6, 32); // 64-byte mini sectors
  file.writeUInt32LE(fatSectors, 44);
  file.writeUInt32LE(dirSector, 48);
  file.writeUInt32LE(MINI_CUTOFF, 56);
  file.writeUInt32LE(END_OF_CHAIN, 60);
  file.writeUInt32LE(0, 64);
  file.writeUInt32LE(difatSectors > 0 ? firstDifat : END_OF_CHAIN, 68);
  file.writeUInt32LE(difatSectors, 72);
  for (let i = 0; i < 109; i += 1) file.writeUInt32LE(i < fatSectors ? firstFat + i : FREE, 76 + 4 * i);

  // Directory: the root, then the Workbook stream as its only child.
  const entry = (index: number, name: string, type: number, child: number, start: number, length: number) => {
    const at = sectorAt(dirSector) + 128 * index;
    tail.write(name, at, 'utf16le');
    tail.writeUInt16LE((name.length + 1) * 2, at + 64);
    tail.writeUInt8(type, at + 66);
    tail.writeUInt8(1, at + 67);
    tail.writeUInt32LE(NO_STREAM, at + 68);
    tail.writeUInt32LE(NO_STREAM, at + 72);
    tail.writeUInt32LE(child, at + 76);
    tail.writeUInt32LE(start, at + 116);
    tail.writeUInt32LE(length, at + 120);
  };
  entry(0, 'Root Entry', 5, 1, END_OF_CHAIN, 0);
  entry(1, 'Workbook', 2, NO_STREAM, 0, size);
  for (const unused of [2, 3]) {
    const at = sectorAt(dirSector) + 128 * unused;
    tail.writeUInt32LE(NO_STREAM, at + 68);
    tail.writeUInt32LE(NO_STREAM, at + 72);
    tail.writeUInt32LE(NO_STREAM, at + 76);
  }

  // FAT: the workbook's chain, the directory, the FAT and DIFAT sectors themselves; the rest free.
  const fat = (n: number, value: number) =>
    tail.writeUInt32LE(value, sectorAt(firstFat + Math.floor(n / 128)) + 4 * (n % 128));
  for (let n = 0; n < fatSectors * 128; n += 1) {
    let value = FREE;
    if (n < dataSectors) value = n === dataSectors - 1 ? END_OF_CHAIN : n + 1;
    else if (n === dirSector) value = END_OF_CHAIN;
    else if (n >= firstFat && n < firstDifat) value = FAT_SECTOR;
    else if (n >= firstDifat && n < total) value = DIFAT_SECTOR;
    fat(n, value);
  }
  // DIFAT sectors: the FAT sectors after the header's first 109, 127 a sector, then the next DIFAT sector.
  for (let d = 0; d < difatSectors; d += 1) {
    const at = sectorAt(firstDifat + d);
    for (let i = 0; i < 127; i += 1) {
      const k = 109 + d * 127 + i;
      tail.writeUInt32LE(k < fatSectors ? firstFat + k : FREE, at + 4 * i);
    }
    tail.writeUInt32LE(d + 1 < difatSectors ? firstDifat + d + 1 : END_OF_CHAIN, at + 508);
  }
  return { header: file, tail };
}

/** About 18 bytes a cell (a NUMBER record is 18, a short LABEL a little more). */
function expectedBytes(sheets: readonly ExportSheet[]): number {
  let cells = 0;
  for (const sheet of sheets) {
    const rows = Array.isArray(sheet.rows) ? sheet.rows.length : 0;
    cells += (rows + 1) * Math.max(sheet.headers.length, 1);
  }
  return cells * 18 + 4096;
}

/** The whole .xls into `w`: the header's room, the stream, the tail, then the header over its room. */
function* writeCompoundFile(
  w: ByteWriter,
  sheets: readonly ExportSheet[],
  timeZone: string,
): Generator<undefined, void> {
  w.bytes(Buffer.alloc(SECTOR));
  yield* writeWorkbookStream(w, sheets, timeZone);
  const { header, tail } = compoundFrame(w.position - SECTOR);
  w.bytes(tail);
  w.flush();
  w.patch(0, header);
}

/**
 * An Excel 97-2003 (.xls, BIFF8) workbook, base64 encoded as the spec's export calls answer it, made in
 * memory: for small workbooks (a day's pick list). Written by the shop itself, record after record into one
 * buffer: xlsx built a JavaScript object per cell and a Buffer per record, about 4 s and 1 GB for a season of
 * 10,000 orders.
 */
export function writeWorkbookBase64(sheets: readonly ExportSheet[], timeZone: string): string {
  const w = new ByteWriter(expectedBytes(sheets) + SECTOR);
  wholly(writeCompoundFile(w, sheets, timeZone));
  return w.contents().toString('base64');
}

/** Bytes read at a time: a multiple of 3, so the pieces' base64 join into the whole file's. */
const BASE64_READ = 3 * 16 * 1024;

/**
 * The same workbook as base64 text, written to a file in `dir` first (64 KB in memory at a time, the rows
 * read once as they are written) and then read out in 64 KB pieces of text: memory stays flat whatever the
 * season's size. The file is written in one go, before this returns (the exports write theirs in pieces within
 * their own read transaction: writeWorkbookFileInPieces, exports/service.ts workbookAnswer). The file is removed
 * when the last piece is read or the reader stops.
 */
export function workbookBase64Stream(
  sheets: readonly ExportSheet[],
  timeZone: string,
  dir: string,
): AsyncIterable<string> {
  return workbookFileBase64(writeWorkbookFile(sheets, timeZone, dir));
}

/** The workbook written whole to a new file in `dir` (see workbookBase64Stream); its path. */
export function writeWorkbookFile(sheets: readonly ExportSheet[], timeZone: string, dir: string): string {
  return wholly(writeNewFile(sheets, timeZone, dir));
}

/**
 * The workbook written to a new file in `dir` on the server's thread, a row at a time, the loop turning when
 * the turn's time is spent (`pause`, from turns.ts): the rows are read meanwhile, through the caller's read
 * transaction (exports/readInPieces.ts). Its path.
 */
export function writeWorkbookFileInPieces(
  sheets: readonly ExportSheet[],
  timeZone: string,
  dir: string,
  pause: () => Promise<void>,
): Promise<string> {
  return inPieces(writeNewFile(sheets, timeZone, dir), pause);
}

/** The workbook into a new file in `dir`, 64 KB in memory at a time; the file is removed if the writing fails. */
function* writeNewFile(
  sheets: readonly ExportSheet[],
  timeZone: string,
  dir: string,
): Generator<undefined, string> {
  const file = path.join(dir, `${WORKBOOK_TEMP_PREFIX}${randomUUID()}.xls`);
  const fd = openSync(file, 'wx+', 0o600);
  try {
    const w = new ByteWriter(0, (bytes, at) => {
      writeSync(fd, bytes, 0, bytes.length, at);
    });
    yield* writeCompoundFile(w, sheets, timeZone);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    closeSync(fd);
  }
  return file;
}

/** A workbook file read out as base64 text in pieces; the file is removed when read or when the reader stops. */
export function workbookFileBase64(file: string): AsyncIterable<string> {
  return (async function* read() {
    let fd: number | null = null;
    try {
      fd = openSync(file, 'r');
      // A local socket takes every piece at once: the server answers others between pieces all the same.
      const pause = pieces();
      const piece = Buffer.allocUnsafe(BASE64_READ);
      for (let at = 0; ; ) {
        let filled = 0;
        while (filled < piece.length) {
          const n = readSync(fd, piece, filled, piece.length - filled, at + filled);
          if (n === 0) break;
          filled += n;
        }
        if (filled === 0) return;
        at += filled;
        yield piece.toString('base64', 0, filled);
        if (filled < piece.length) return;
        await pause();
      }
    } finally {
      if (fd !== null) closeSync(fd);
      rmSync(file, { force: true });
    }
  })();
}
