import { searchText } from '../searchParams';

/**
 * /Admin/SeasonReport?season=2025&q=aster&type=2&sort=sellThrough.desc: the report's season, filter text, product
 * type and column order, kept in the address so a reload, Back or a link shows the same report. Anything
 * unreadable is dropped, as on the other lists.
 */
export interface SeasonReportSearch {
  season?: number;
  q?: string;
  type?: number;
}

function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

export function validateSeasonReportSearch(search: Record<string, unknown>): SeasonReportSearch {
  const out: SeasonReportSearch = {};
  const season = wholeNumber(search.season);
  if (season !== undefined && season >= 1900 && season <= 9999) out.season = season;
  const q = searchText(search.q);
  if (q !== undefined) out.q = q;
  const type = wholeNumber(search.type);
  if (type !== undefined && type > 0) out.type = type;
  return out;
}
