import 'fake-indexeddb/auto';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue, readDay, readQueue, saveDay, settle } from '../routes/Admin/shared/pickup/counterStore';
import { type AuthContextValue, AuthProvider, useAuth } from './AuthProvider';
import { signedInOnThisPhone } from './signedOutMark';
import { getAccessToken } from './token';

// The provider's side of a signed-in staff phone: a stored user, and a sign-out it records instead of leaving
// the page. Everything else (the token, the counter's IndexedDB) is the shop's own code.
const signedOutAtProvider = vi.fn(async () => undefined);
const sentToSignIn = vi.fn(async (_request: { prompt?: string }) => undefined);
const renewalStopped = vi.fn();
let stored: { access_token: string; id_token: string; expires_at: number } | null = null;
const provider = {
  events: Object.fromEntries(
    ['AccessTokenExpired', 'UserLoaded', 'UserUnloaded', 'SilentRenewError'].flatMap((name) => [
      [`add${name}`, (): void => undefined],
      [`remove${name}`, (): void => undefined],
    ]),
  ),
  getUser: async () =>
    stored && {
      ...stored,
      expired: false,
      expires_in: 600,
      profile: { sub: 'ada', name: 'Ada Yard', updated_at: 1 },
    },
  removeUser: async () => {
    stored = null;
  },
  signoutRedirect: signedOutAtProvider,
  signinRedirect: sentToSignIn,
  stopSilentRenew: renewalStopped,
} as unknown as UserManager;

vi.mock('./userManager', async (original) => ({
  ...(await original<typeof import('./userManager')>()),
  getUserManager: async () => provider,
}));

const DAY = {
  pickUpDayId: 7,
  title: 'Saturday, April 25',
  answeredAt: '2099-04-20T15:00:00.000Z',
  orders: [],
};

let auth: AuthContextValue | null = null;
function Desk() {
  auth = useAuth();
  return null;
}

async function signedInPhone(): Promise<AuthContextValue> {
  stored = { access_token: 'token', id_token: 'id', expires_at: Math.floor(Date.now() / 1000) + 600 };
  auth = null;
  render(
    <AuthProvider>
      <Desk />
    </AuthProvider>,
  );
  await waitFor(() => expect(auth?.isAuthenticated).toBe(true));
  await saveDay('7', DAY);
  return auth as unknown as AuthContextValue;
}

afterEach(async () => {
  cleanup();
  signedOutAtProvider.mockClear();
  sentToSignIn.mockClear();
  for (const tap of await readQueue()) await settle(tap.seq as number, null);
});

describe('logout', () => {
  it('deletes the pick-up days kept on the phone before going to the provider', async () => {
    const auth = await signedInPhone();
    signedOutAtProvider.mockImplementationOnce(async () => {
      // The provider's page may never load (the yard's network): the phone is cleared before it is asked.
      expect(await readDay('7')).toBeNull();
    });
    await act(() => auth.logout());
    // Before the stored sign-in goes: a quiet renewal would store it again.
    expect(renewalStopped).toHaveBeenCalled();
    expect(signedOutAtProvider).toHaveBeenCalledWith({ id_token_hint: 'id', state: { returnTo: '/' } });
    expect(await readDay('7')).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(stored).toBeNull();
  });

  it('keeps the days and the taps still waiting to be sent, for the next sign-in', async () => {
    const auth = await signedInPhone();
    await enqueue({
      action: { kind: 'checkIn', orderId: 12, actionId: '5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20' },
      tappedAt: Date.now(),
      by: 'Ada Yard',
    });
    await act(() => auth.logout());
    expect(signedOutAtProvider).toHaveBeenCalledOnce();
    expect(await readDay('7')).toEqual(DAY);
    expect((await readQueue()).map((tap) => tap.action.orderId)).toEqual([12]);
  });

  it('has the next sign-in on the phone ask for a password, even if the provider never heard of the sign-out', async () => {
    const auth = await signedInPhone();
    // The yard's network drops before the provider's end-session page: its session may live on.
    signedOutAtProvider.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => auth.logout().catch(() => undefined));
    await act(() => auth.login('/Admin/Pickup'));
    expect(sentToSignIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ prompt: 'login', state: { returnTo: '/Admin/Pickup' } }),
    );

    // Once someone has signed in again, later sign-ins may take up the provider's session as usual.
    signedInOnThisPhone();
    await act(() => auth.login('/Admin/Pickup'));
    expect(sentToSignIn.mock.lastCall?.[0]).not.toHaveProperty('prompt');
  });
});
