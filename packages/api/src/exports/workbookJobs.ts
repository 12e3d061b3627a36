import { pickList, pickListSheets } from '../pickup/pickList.ts';
import { seasonReport } from '../seasonReport/service.ts';
import { seasonReportSheets } from '../seasonReport/workbook.ts';
import type { Shop } from '../shop.ts';
import { currentSeasonOrdersSheet, seasonPickupSheet, stockSheet, yearOverYearSheet } from './service.ts';
import type { ExportSheet } from './workbook.ts';
import type { AnswerJob, WorkbookJob } from './workbookThread.ts';

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
    case 'pickList':
      return pickListSheets(pickList(shop, job.input));
  }
}

/** A staff answer read from `shop`, as the procedure answers it (serialized by the thread). */
export function answerOf(shop: Shop, job: AnswerJob): unknown {
  switch (job.kind) {
    case 'seasonReport':
      return seasonReport(shop, job.season);
    case 'pickList':
      return pickList(shop, job.input);
  }
}
