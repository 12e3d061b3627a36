import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredUser } from './storedUser';
import { describeSignInError, isInteractiveError, isSignInCallback, returnToOf } from './userManager';

const KEY = 'oidc.user:http://localhost:3000/oidc:nursery-shop';

afterEach(() => localStorage.clear());

describe('readStoredUser', () => {
  it('reads the token, name and e-mail that oidc-client-ts stored', () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    localStorage.setItem(
      KEY,
      JSON.stringify({
        access_token: 'abc',
        expires_at: expiresAt,
        profile: { name: 'Ada', email: 'ada@example.com' },
      }),
    );
    expect(readStoredUser()).toEqual({
      accessToken: 'abc',
      expiresAt,
      name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('ignores an expired token, damaged entries and other keys', () => {
    localStorage.setItem(KEY, JSON.stringify({ access_token: 'old', expires_at: 1000 }));
    localStorage.setItem('oidc.user:broken', '{not json');
    localStorage.setItem('user-cart', JSON.stringify({ access_token: 'not ours' }));
    expect(readStoredUser()).toBeNull();
  });
});

describe('sign-in errors', () => {
  it('treats the interactive errors as "nobody signed in"', () => {
    for (const error of [
      'login_required',
      'consent_required',
      'interaction_required',
      'account_selection_required',
      'access_denied',
    ]) {
      expect(isInteractiveError(new ErrorResponse({ error }))).toBe(true);
    }
    expect(isInteractiveError(new ErrorResponse({ error: 'server_error' }))).toBe(false);
    expect(isInteractiveError(new Error('login_required'))).toBe(false);
  });

  it("falls back to 'Login failed' and says 'Timeout' for a timeout", () => {
    expect(describeSignInError(undefined, 'Login failed').message).toBe('Login failed');
    expect(describeSignInError(new ErrorTimeout(), 'Get access token failed').message).toBe('Timeout');
    expect(
      describeSignInError(
        new ErrorResponse({ error: 'invalid_grant', error_description: 'grant expired' }),
        'x',
      ).message,
    ).toBe('grant expired');
  });
});

describe('the redirect back from the provider', () => {
  it('is recognised by a code or an error together with a state', () => {
    const at = (search: string) => ({ search }) as Location;
    expect(isSignInCallback(at('?code=1&state=2'))).toBe(true);
    expect(isSignInCallback(at('?error=access_denied&state=2'))).toBe(true);
    expect(isSignInCallback(at('?code=1'))).toBe(false);
    expect(isSignInCallback(at('?season=2024'))).toBe(false);
  });

  it('returns only to a path of this site', () => {
    const user = (returnTo: unknown) => ({ state: { returnTo } }) as Parameters<typeof returnToOf>[0];
    expect(returnToOf(user('/Admin/Orders?season=2024'))).toBe('/Admin/Orders?season=2024');
    expect(returnToOf(user('//evil.example/'))).toBeNull();
    expect(returnToOf(user('https://evil.example/'))).toBeNull();
    expect(returnToOf(null)).toBeNull();
  });
});

describe('the access token every call reads', () => {
  it('is restored from the stored sign-in and dropped once expired', async () => {
    const { getAccessToken, setAccessToken } = await import('./token');
    const soon = Math.floor(Date.now() / 1000) + 600;
    setAccessToken('fresh', soon);
    expect(getAccessToken()).toBe('fresh');
    setAccessToken('stale', Math.floor(Date.now() / 1000) - 1);
    expect(getAccessToken()).toBeNull();
    setAccessToken(null);
    expect(getAccessToken()).toBeNull();
  });
});
