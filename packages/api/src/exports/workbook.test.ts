import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bool,
  date,
  type ExportCell,
  type ExportSheet,
  money,
  num,
  text,
  workbookBase64Stream,
  workbookFileBase64,
  writeWorkbookBase64,
  writeWorkbookFileInPieces,
} from './workbook.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'workbook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rows of every cell kind, with wide (UTF-16) and Latin-1 texts of varied lengths. */
function rows(n: number): ExportCell[][] {
  return Array.from({ length: n }, (_, i) => [
    num(i),
    text(`Name ${i} ${'é'.repeat(i % 3)}${i % 7 === 0 ? ' Ω' : ''}`),
    money(i * 37),
    date(1_700_000_000_000 + i * 3_600_000),
    bool(i % 2 === 0),
    null,
    text('x'.repeat(i % 50)),
  ]);
}

/** The same sheets with their rows made as they are read, once, as the exports make a season's. */
const once = (sheets: ExportSheet[]): ExportSheet[] =>
  sheets.map((s) => ({
    ...s,
    rows: (function* () {
      yield* s.rows;
    })(),
  }));

async function streamed(sheets: ExportSheet[]): Promise<string> {
  let all = '';
  for await (const piece of workbookBase64Stream(once(sheets), 'America/Chicago', dir)) all += piece;
  return all;
}

describe('workbookBase64Stream', () => {
  // 30,000 rows: many 64 KB flushes, and the sheet list and each sheet's DIMENSIONS patched after their bytes
  // left memory; with a second sheet whose offset is known only once the first is written.
  for (const n of [0, 3, 30_000]) {
    it(`writes the very file the in-memory writer makes (${n} rows)`, async () => {
      const sheets: ExportSheet[] = [
        { name: 'Orders', headers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows: rows(n), widths: [5, 6] },
        { name: 'Pick-up', headers: ['z'], rows: rows(Math.floor(n / 3)) },
      ];
      const whole = writeWorkbookBase64(sheets, 'America/Chicago');
      expect(await streamed(sheets)).toBe(whole);
      // An OLE2 compound file, whose length is whole sectors.
      const bytes = Buffer.from(whole, 'base64');
      expect(bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
      expect(bytes.length % 512).toBe(0);
      expect(readdirSync(dir)).toEqual([]);
    }, 30_000); // two 30,000-row workbooks, built and compared: past vitest's 5 s on a busy machine
  }

  it('writes the very same file in pieces, letting the loop turn between them', async () => {
    const sheets: ExportSheet[] = [
      { name: 'Orders', headers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows: rows(30_000), widths: [5, 6] },
      { name: 'Pick-up', headers: ['z'], rows: rows(10_000) },
    ];
    const whole = writeWorkbookBase64(sheets, 'America/Chicago');
    let turns = 0;
    const file = await writeWorkbookFileInPieces(once(sheets), 'America/Chicago', dir, async () => {
      turns += 1;
    });
    // One piece a row: the caller's pause decides when the loop turns.
    expect(turns).toBe(40_000);
    let all = '';
    for await (const piece of workbookFileBase64(file)) all += piece;
    expect(all).toBe(whole);
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  it('removes its file when the reader stops early', async () => {
    const stream = workbookBase64Stream(
      once([{ name: 'S', headers: ['a'], rows: rows(20_000) }]),
      'UTC',
      dir,
    );
    expect(readdirSync(dir)).toHaveLength(1);
    for await (const piece of stream) {
      expect(piece.length).toBe(65_536);
      break;
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
