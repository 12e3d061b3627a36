import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadFailed } from './LoadFailed';

afterEach(cleanup);

describe('LoadFailed', () => {
  it('says what could not be loaded as an alert, and Try again asks once more', () => {
    let asked = 0;
    render(<LoadFailed what="The pick-up days" retry={() => asked++} />);
    expect(screen.getByRole('alert').textContent).toBe('The pick-up days could not be loaded. Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked).toBe(1);
  });
});
