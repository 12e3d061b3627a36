import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyLabel } from './BusyLabel';

afterEach(cleanup);

describe('BusyLabel', () => {
  it("says the button's own words while nothing is under way", () => {
    render(
      <button type="submit">
        <BusyLabel busy={false} busyText="Submitting">
          Send Message
        </BusyLabel>
      </button>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Send Message');
    expect(button.querySelector('.spinner')).toBeNull();
  });

  it('shows a spinner hidden from screen readers and what is being done while busy', () => {
    render(
      <button type="submit">
        <BusyLabel busy busyText="Submitting">
          Send Message
        </BusyLabel>
      </button>,
    );
    const button = screen.getByRole('button', { name: 'Submitting' });
    expect(button.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.textContent).not.toContain('Send Message');
  });
});
