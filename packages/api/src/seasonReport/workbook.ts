import type { FileAnswer, SeasonReport } from '@nursery/domain';
import { workbookAnswer } from '../exports/service.ts';
import { date, type ExportSheet, num, text } from '../exports/workbook.ts';
import type { Shop } from '../shop.ts';
import { seasonReportInPieces } from './service.ts';

/** Sell-through as a percentage with one decimal, the way a potting plan reads it. */
const percent = (share: number | null) => (share === null ? null : num(Math.round(share * 1000) / 10));
const cents = (dollars: number) => ({ kind: 'money' as const, cents: Math.round(dollars * 100) });

/** The season report as a workbook for the potting plan: the same figures as the screen, one sheet a view. */
export function seasonReportSheets(report: SeasonReport): ExportSheet[] {
  const [before, beforeThat] = report.seasonsCompared;
  const products: ExportSheet = {
    name: `Report ${report.label}`,
    headers: [
      'Product Id',
      'Name',
      'Size',
      'Product Type',
      'Status',
      'Offered',
      'Sold',
      'Sell-through %',
      'Sold Out',
      'Waitlist',
      'Still Waiting',
      'Refused For Stock',
      'Unmet Demand',
      'Revenue',
      `Sold ${before?.label ?? ''}`.trim(),
      `Sold ${beforeThat?.label ?? ''}`.trim(),
      `Suggested ${report.nextLabel}`,
      `Planned ${report.nextLabel}`,
      'Why',
    ],
    rows: report.rows.map((r) => [
      num(r.productId),
      text(r.name),
      text(r.productSize),
      text(r.productType),
      text(r.displayProductStatus),
      r.isStockTracked ? num(r.offered) : null,
      num(r.sold),
      percent(r.sellThrough),
      r.soldOutAt ? date(Date.parse(r.soldOutAt)) : null,
      num(r.waitlistQuantity),
      num(r.waitlistWaiting),
      num(r.refusedQuantity),
      num(r.unmetDemand),
      cents(r.revenue),
      num(r.soldBefore[0] ?? 0),
      num(r.soldBefore[1] ?? 0),
      num(r.suggested),
      num(r.planned ?? r.suggested),
      text(r.suggestionReason),
    ]),
    widths: [10, 36, 14, 22, 20, 9, 9, 13, 16, 9, 12, 16, 13, 12, 12, 12, 16, 16, 60],
  };
  const types: ExportSheet = {
    name: 'By Product Type',
    headers: ['Product Type', 'Offered', 'Sold', 'Sell-through %', 'Revenue', 'Suggested', 'Planned'],
    rows: report.types.map((t) => [
      text(t.productType),
      num(t.offered),
      num(t.sold),
      percent(t.sellThrough),
      cents(t.revenue),
      num(t.suggested),
      num(t.planned),
    ]),
    widths: [24, 10, 10, 14, 14, 12, 12],
  };
  return [
    products,
    types,
    { name: 'Rule', headers: ['How the suggestion is made'], rows: [[text(report.rule)]], widths: [120] },
  ];
}

export function seasonReportExport(shop: Shop, season?: number, signal?: AbortSignal): Promise<FileAnswer> {
  return workbookAnswer(
    shop,
    'SeasonReport',
    async (seen, pause) => seasonReportSheets(await seasonReportInPieces(seen, season, pause)),
    signal,
  );
}
