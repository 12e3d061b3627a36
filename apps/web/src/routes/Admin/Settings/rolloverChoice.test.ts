import { ProductStatus, ROLLOVER_STATUSES } from '@nursery/domain';
import { describe, expect, it } from 'vitest';
import { rolloverChoiceLabel } from './rolloverChoice';

describe("the new season's status choices", () => {
  it('speak in one voice: a status stays or becomes another, never "Stays" beside "Stay" and "Become"', () => {
    expect(rolloverChoiceLabel(ProductStatus.Active, ProductStatus.Active)).toBe('Stay Active');
    expect(rolloverChoiceLabel(ProductStatus.Inactive, ProductStatus.Inactive)).toBe('Stay Inactive');
    expect(rolloverChoiceLabel(ProductStatus.Active, ProductStatus.Inactive)).toBe(
      'Not carried over (Inactive)',
    );
    const labels = ROLLOVER_STATUSES.flatMap((from) =>
      ROLLOVER_STATUSES.map((to) => rolloverChoiceLabel(from, to)),
    );
    for (const label of labels) expect(label).toMatch(/^(Stay|Become|Not carried over) /);
    expect(labels).toContain('Become Call for Availability');
  });
});
