import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../auth/token';
import { BASE64_CHUNK, base64ToBytes, downloadExport, exportDatePrefix } from './download';

describe('export downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names files with the date as year-month-day', () => {
    expect(exportDatePrefix(new Date(2025, 0, 7, 23, 59))).toBe('2025-01-07');
    expect(exportDatePrefix(new Date(2024, 10, 30))).toBe('2024-11-30');
  });

  it('decodes base64 across several 1024-byte chunks without losing a byte', () => {
    const original = Uint8Array.from({ length: BASE64_CHUNK * 3 + 17 }, (_, i) => (i * 37) % 256);
    const base64 = btoa(String.fromCharCode(...original));
    expect(base64ToBytes(base64)).toEqual(original);
  });

  it('saves the workbook as {date} {name}.xls with the bearer token, and only logs a failure', async () => {
    const bytes = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        Response.json({
          success: true,
          message: '',
          data: {
            fileName: '2025-03-15 YearOverYearByMonth.xls',
            contentType: 'application/vnd.ms-excel',
            base64: btoa(String.fromCharCode(...bytes)),
          },
        }),
      )
      .mockResolvedValueOnce(new Response('{"success":false,"message":"Unauthorized"}', { status: 401 }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    setAccessToken('staff-token');
    expect(await downloadExport('/Exports/GetYearOverYearExport', 'YearOverYearByMonth')).toBe(true);
    setAccessToken(null);
    expect(clicked).toEqual([`${exportDatePrefix()} YearOverYearByMonth.xls`]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/Exports/GetYearOverYearExport');
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({ headers: { authorization: 'Bearer staff-token' } });

    expect(
      await downloadExport('/Exports/GetCurrentSeasonOrdersWithProducts', 'CurrentSeasonOrdersWithProducts'),
    ).toBe(false);
    expect(clicked).toHaveLength(1);
    expect(logged).toHaveBeenCalledOnce();
  });
});
