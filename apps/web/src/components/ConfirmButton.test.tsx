import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton';
import type { ConfirmOptions } from './ConfirmDialog';

const confirm = vi.hoisted(() => vi.fn<(message: string, options?: ConfirmOptions) => Promise<boolean>>());
vi.mock('./ConfirmDialog', () => ({ confirm }));

/** Lets the click's handler run on past the answer it awaited. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  cleanup();
  confirm.mockReset();
});

describe('ConfirmButton', () => {
  it('is a small danger button that asks its question first and acts only on yes', async () => {
    const done = vi.fn();
    render(
      <ConfirmButton
        question="Revoke Nightly export? It can no longer get a token."
        title="Revoke integration client"
        confirmText="Revoke"
        aria-label="Revoke Nightly export"
        onConfirm={done}
      >
        Revoke
      </ConfirmButton>,
    );
    const button = screen.getByRole('button', { name: 'Revoke Nightly export' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('btn btn-sm btn-danger');
    expect(button.textContent).toBe('Revoke');

    confirm.mockResolvedValueOnce(false);
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Revoke Nightly export? It can no longer get a token.', {
      title: 'Revoke integration client',
      confirmText: 'Revoke',
      tone: 'danger',
    });
    await answered();
    expect(done).not.toHaveBeenCalled();

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(button);
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('leaves the title to the dialog when it has none, and asks nothing while disabled', async () => {
    const done = vi.fn();
    const button = (disabled: boolean) => (
      <ConfirmButton
        question="Delete the pick-up day?"
        confirmText="Delete"
        onConfirm={done}
        disabled={disabled}
      >
        Delete
      </ConfirmButton>
    );
    const { rerender } = render(button(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).not.toHaveBeenCalled();

    rerender(button(false));
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete the pick-up day?', {
      confirmText: 'Delete',
      tone: 'danger',
    });
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });
});
