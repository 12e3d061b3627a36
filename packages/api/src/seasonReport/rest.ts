import { EXCEL_CONTENT_TYPE } from '@nursery/domain';
import type { RestRoute } from '../restRoute.ts';

const tag = 'Season Report';

export const seasonReportRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/SeasonReport',
    procedure: 'seasonReport.get',
    input: 'query',
    summary:
      'The grower’s season report for season=YYYY (the current season when left out): per product what was offered, sold, sell-through, when it sold out, the demand not met (waitlist, orders refused for stock), revenue against the two seasons before, and the suggested and planned quantities for the next season, with totals per product type.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/SeasonReport/Plan',
    procedure: 'seasonReport.savePlan',
    input: 'body',
    summary:
      'Keeps the quantity staff plan to grow of {productId} in the season after {season}; quantity null goes back to the suggestion.',
    tag,
  },
  {
    method: 'GET',
    path: '/Exports/GetSeasonReportExport',
    procedure: 'seasonReport.export',
    input: 'query',
    respond: 'workbook',
    file: {
      contentType: EXCEL_CONTENT_TYPE,
      description: 'The SeasonReport workbook',
      exampleName: '2026-05-20 SeasonReport.xls',
    },
    summary:
      'The season report (season=YYYY, the current season when left out) as a workbook for the potting plan. data.base64 is the .xls file.',
    tag,
  },
];
