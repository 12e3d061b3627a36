import type { RestRoute } from '../restRoute.ts';

const tag = 'Exports';

export const exportsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/Exports/GetStockExport',
    procedure: 'exports.stock',
    input: 'none',
    respond: 'file',
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
    summary:
      'CurrentSeasonOrdersWithProducts workbook: one row per order line of this season. Body: base64 .xls.',
    tag,
  },
];
