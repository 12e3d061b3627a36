import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';

/** Whether LibreOffice is installed here (the test command installs it; a bare machine may not have it). */
export function hasSoffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/** Converts with LibreOffice to UTF-8 CSV, proving the file opens in a real spreadsheet program. */
export function viaLibreOffice(bytes: Buffer, name: string): string[][] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xls-'));
  try {
    const file = path.join(dir, `${name}.xls`);
    writeFileSync(file, bytes);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
        '--outdir',
        dir,
        file,
      ],
      { env: { ...process.env, LANG: 'C.UTF-8' }, stdio: 'ignore', timeout: 120_000 },
    );
    const csv = readFileSync(path.join(dir, `${name}.csv`), 'utf8');
    return XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(csv, { type: 'string', raw: true }).Sheets.Sheet1 as XLSX.WorkSheet,
      {
        header: 1,
        raw: false,
        defval: '',
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
