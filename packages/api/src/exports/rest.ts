import { EXCEL_CONTENT_TYPE } from '@nursery/domain';
import type { RestRoute } from '../restRoute.ts';

const tag = 'Exports';

export const exportsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/Exports/GetStockExport',
    procedure: 'exports.stock',
    input: 'none',
    respond: 'workbook',
    file: {
      contentType: EXCEL_CONTENT_TYPE,
      description: 'The ProductStock workbook',
      exampleName: '2025-03-15 ProductStock.xls',
    },
    summary:
      'ProductStock workbook: one row per product with this season’s stock and sales. data.base64 is the .xls (BIFF8) file.',
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetYearOverYearExport',
    procedure: 'exports.yearOverYear',
    input: 'none',
    respond: 'workbook',
    file: {
      contentType: EXCEL_CONTENT_TYPE,
      description: 'The YearOverYearByMonth workbook',
      exampleName: '2025-03-15 YearOverYearByMonth.xls',
    },
    summary:
      'YearOverYearByMonth workbook: order count and revenue per month (July to June) for every season. data.base64 is the .xls file.',
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetCurrentSeasonOrdersWithProducts',
    procedure: 'exports.currentSeasonOrdersWithProducts',
    input: 'none',
    respond: 'workbook',
    file: {
      contentType: EXCEL_CONTENT_TYPE,
      description: 'The CurrentSeasonOrdersWithProducts workbook',
      exampleName: '2025-03-15 CurrentSeasonOrdersWithProducts.xls',
    },
    summary:
      'CurrentSeasonOrdersWithProducts workbook: one row per order line of this season. data.base64 is the .xls file.',
    tag,
  },
];
