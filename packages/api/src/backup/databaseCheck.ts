import { spawn } from 'node:child_process';
import { BETTER_SQLITE3_MODULE } from '@nursery/db';

/**
 * Runs in a node process of its own (node -e): SQLite's integrity and foreign-key checks of a staged
 * database. Only better-sqlite3 and the file's path come in, so the same text works from the workspace and
 * from the release bundle, and nothing of the shop runs there.
 */
const CHECK_PROGRAM = `
const Database = require(process.env.NURSERY_SQLITE_MODULE);
const db = new Database(process.env.NURSERY_CHECK_FILE, { fileMustExist: true });
db.pragma('trusted_schema = OFF');
const integrity = db.prepare('PRAGMA integrity_check(5)').pluck().all();
const brokenLinks = db.prepare('PRAGMA foreign_key_check').all().length;
db.close();
process.stdout.write(JSON.stringify({ integrity, brokenLinks }));
`;

export type DatabaseCheck =
  | { outcome: 'checked'; integrity: string[]; brokenLinks: number }
  | { outcome: 'timed-out' }
  | { outcome: 'failed'; reason: string };

/**
 * The heavy part of checking a restored database, off the shop's thread and killable: a worker thread
 * stuck inside SQLite cannot be stopped (terminate() waits for native code to return, and so would the
 * process's own exit on SIGTERM), a process can. After `timeoutMs` it is killed and the check fails.
 */
export function checkDatabaseApart(file: string, timeoutMs: number): Promise<DatabaseCheck> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', CHECK_PROGRAM], {
      env: { NURSERY_SQLITE_MODULE: BETTER_SQLITE3_MODULE, NURSERY_CHECK_FILE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ outcome: 'failed', reason: error.message });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ outcome: 'timed-out' });
      if (code !== 0) {
        // The last line of what SQLite said ("file is not a database"), not node's stack around it.
        const said =
          err.match(/(?:SqliteError|Error): ([^\n]+)/)?.[1] ?? `the check stopped with code ${code}`;
        return resolve({ outcome: 'failed', reason: said });
      }
      try {
        const parsed = JSON.parse(out) as { integrity: string[]; brokenLinks: number };
        resolve({ outcome: 'checked', integrity: parsed.integrity, brokenLinks: parsed.brokenLinks });
      } catch {
        resolve({ outcome: 'failed', reason: 'the check answered nothing readable' });
      }
    });
  });
}
