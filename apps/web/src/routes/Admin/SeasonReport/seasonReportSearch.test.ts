import { describe, expect, it } from 'vitest';
import { validateSeasonReportSearch } from './seasonReportSearch';

describe('validateSeasonReportSearch', () => {
  it('keeps a season, the filter text and a product type', () => {
    expect(validateSeasonReportSearch({ season: '2025', q: 'aster', type: '2' })).toEqual({
      season: 2025,
      q: 'aster',
      type: 2,
    });
  });
  it('drops what it cannot read, so an old link still opens the report', () => {
    expect(validateSeasonReportSearch({ season: '25', q: '', type: 'trees' })).toEqual({});
    expect(validateSeasonReportSearch({ season: 2025.5, type: -1 })).toEqual({});
  });
});
