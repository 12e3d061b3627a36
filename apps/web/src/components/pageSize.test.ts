import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, pageSizeStorageKey, storedPageSize } from './pageSize';

beforeEach(() => localStorage.clear());

describe('table page size', () => {
  it("uses the spec's options and default", () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 20, 25, 50, 100]);
    expect(storedPageSize()).toBe(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it("reads the user's stored choice under '{prefix}_default_page_size'", () => {
    expect(pageSizeStorageKey()).toBe('AW3_default_page_size');
    localStorage.setItem('AW3_default_page_size', '25');
    expect(storedPageSize()).toBe(25);
    localStorage.setItem('Stock_default_page_size', '50');
    expect(storedPageSize('Stock')).toBe(50);
  });

  it('ignores a stored value that is not an option', () => {
    localStorage.setItem('AW3_default_page_size', '7');
    expect(storedPageSize()).toBe(10);
  });
});
