import { describe, expect, it } from 'vitest';
import { withFieldLabels } from './fieldLabels.ts';
import { pickUpDayInputSchema } from './schemas/pickUpDays.ts';

const LABELS = { date: 'Date', startTime: 'Opens', endTime: 'Closes', capacity: 'Orders it can take' };

describe("a field message in a screen's labels", () => {
  it('names the fields by their labels, as whole words only', () => {
    expect(withFieldLabels('endTime must be later than startTime.', LABELS)).toBe(
      'Closes must be later than Opens.',
    );
    expect(withFieldLabels('Could not update the date list.', LABELS)).toBe(
      'Could not update the Date list.',
    );
    expect(withFieldLabels('An update of capacityX is refused.', LABELS)).toBe(
      'An update of capacityX is refused.',
    );
  });

  it("leaves no internal name in any of the pick-up day schema's messages", () => {
    const parsed = pickUpDayInputSchema.safeParse({
      date: 'soon',
      startTime: '16:00',
      endTime: '9',
      capacity: 0,
    });
    expect(parsed.success).toBe(false);
    const shown = parsed.success ? [] : parsed.error.issues.map((i) => withFieldLabels(i.message, LABELS));
    expect(shown.length).toBeGreaterThan(2);
    for (const message of shown) expect(message).not.toMatch(/\b(date|startTime|endTime|capacity)\b/);
    expect(shown).toContain('Closes must be a time written HH:MM (24-hour), such as 09:00 or 16:30.');
  });
});
