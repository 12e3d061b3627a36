import type { RestRoute } from '../restRoute.ts';

const tag = 'Exports';

// The spec's client decodes the body itself (base64 in 1024-element chunks) and saves it as .xls.
export const workbook = {
  contentType: 'application/vnd.ms-excel',
  base64: true,
  description: 'The workbook: base64 text of an .xls (BIFF8) file',
};

export const exportsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/Exports/GetStockExport',
    procedure: 'exports.stock',
    input: 'none',
    respond: 'file',
    file: workbook,
    summary:
      'ProductStock workbook: one row per product with this season’s stock and sales. Body: base64 of an .xls (BIFF8) file.',
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetYearOverYearExport',
    procedure: 'exports.yearOverYear',
    input: 'none',
    respond: 'file',
    file: workbook,
    summary:
      'YearOverYearByMonth workbook: order count and revenue per month (July to June) for every season. Body: base64 .xls.',
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetCurrentSeasonOrdersWithProducts',
    procedure: 'exports.currentSeasonOrdersWithProducts',
    input: 'none',
    respond: 'file',
    file: workbook,
    summary:
      'CurrentSeasonOrdersWithProducts workbook: one row per order line of this season. Body: base64 .xls.',
    tag,
  },
];
