import { seasonReport } from '../seasonReport/service.ts';
import { seasonReportSheets } from '../seasonReport/workbook.ts';
import type { Shop } from '../shop.ts';
import { currentSeasonOrdersSheet, seasonPickupSheet, stockSheet, yearOverYearSheet } from './service.ts';
import type { ExportSheet } from './workbook.ts';
import type { WorkbookJob } from './workbookThread.ts';

/** The sheets of a workbook, read from `shop` as they are written. */
export function sheetsOf(shop: Shop, job: WorkbookJob): ExportSheet[] {
  switch (job.kind) {
    case 'stock':
      return [stockSheet(shop)];
    case 'yearOverYear':
      return [yearOverYearSheet(shop)];
    case 'currentSeasonOrders':
      return [currentSeasonOrdersSheet(shop), seasonPickupSheet(shop)];
    case 'seasonReport':
      return seasonReportSheets(seasonReport(shop, job.season));
  }
}
