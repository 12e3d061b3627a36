import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, PAGE_CACHE_KIB } from './client.ts';

describe('a connection to the shop', () => {
  it('is durable and concurrent, and keeps a page cache of 4 MB rather than SQLite-as-built 16 MB', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-connection-'));
    try {
      const database = openDatabase(path.join(dir, 'shop.db'));
      const pragma = (name: string) => database.sqlite.pragma(name, { simple: true });
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(2);
      expect(pragma('cache_size')).toBe(-PAGE_CACHE_KIB);
      expect(PAGE_CACHE_KIB).toBe(4096);
      database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
