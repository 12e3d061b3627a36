import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startUp } from './AuthProvider';
import { SIGNED_OUT_KEY } from './signedOutMark';

afterEach(() => {
  localStorage.clear();
});

describe('start-up on a phone signed out', () => {
  it('drops a sign-in stored after the sign-out, and asks the provider for none', async () => {
    localStorage.setItem(SIGNED_OUT_KEY, '2026-11-30T07:00:00.000Z');
    // What a quiet renewal finishing after the sign-out leaves: a fresh user in storage.
    let stored: object | null = { access_token: 'renewed', expired: false, profile: { sub: 'ada' } };
    const removeUser = vi.fn(async () => {
      stored = null;
    });
    const signinSilent = vi.fn();
    const userManager = {
      getUser: async () => stored,
      removeUser,
      signinSilent,
    } as unknown as UserManager;
    await expect(startUp(userManager)).resolves.toEqual({ user: null, returnTo: null, error: null });
    expect(removeUser).toHaveBeenCalledOnce();
    expect(stored).toBeNull();
    expect(signinSilent).not.toHaveBeenCalled();
  });
});
