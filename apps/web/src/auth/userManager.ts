import { ErrorResponse, ErrorTimeout, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { publicQuery } from '../lib/publicApi';
import { queryClient } from '../lib/queryClient';
import { signedOutOnThisPhone } from './signedOutMark';

/** Sign-in settings the server publishes in the public site.config call. */
export interface SignInSettings {
  issuer: string;
  clientId: string;
  audience: string;
  embedded: boolean;
  /** Extra scopes some providers need to issue a token for the API (Entra ID: api://<app id>/access). */
  extraScopes: string[];
}

export const SCOPE = 'openid email profile';
export const LOGIN_FAILED = 'Login failed';
export const GET_ACCESS_TOKEN_FAILED = 'Get access token failed';

/** Where a sign-in returns to after the provider; the saved path is carried in the request's state. */
export const CALLBACK_PATH = '/Admin';
export const LOGOUT_PATH = '/Admin/Logout';

/** What the user first asked for, carried through the provider in the sign-in state. */
export interface SignInState {
  returnTo: string;
}

/** Identity errors that only mean "nobody is signed in at the provider": a silent check swallows them. */
export const INTERACTIVE_ERRORS: ReadonlySet<string> = new Set([
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'access_denied',
]);

export function isInteractiveError(error: unknown): boolean {
  return error instanceof ErrorResponse && INTERACTIVE_ERRORS.has(error.error ?? '');
}

/** A message a person can read, with the spec's fallback when the error carries none. */
export function describeSignInError(error: unknown, fallback: string): Error {
  if (error instanceof ErrorTimeout) return new Error('Timeout');
  if (error instanceof ErrorResponse) return new Error(error.error_description || error.error || fallback);
  if (error instanceof Error && error.message) return error;
  return new Error(fallback);
}

export function createUserManager(settings: SignInSettings, origin = window.location.origin): UserManager {
  return new UserManager({
    authority: settings.issuer,
    client_id: settings.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${LOGOUT_PATH}`,
    response_type: 'code',
    scope: [SCOPE, ...settings.extraScopes].join(' '),
    // The embedded provider names the API by resource indicator (RFC 8707); Auth0-style providers by audience.
    ...(settings.embedded
      ? { resource: settings.audience }
      : { extraQueryParams: { audience: settings.audience } }),
    loadUserInfo: false,
    // Renewing quietly starts as the manager is made: after a sign-out on this phone it would take up the
    // provider's session that may still be open (an expiring stored token, renewed as /Admin/Logout loads) and
    // store that sign-in again. A sign-in that completes starts it (AuthProvider's startUp).
    automaticSilentRenew: !signedOutOnThisPhone(),
    // A token is treated as expired 60 s early, so a renewal never races an expiring call.
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: 60,
    requestTimeoutInSeconds: 10,
    // localStorage, so a reload or a second tab stays signed in (and the storefront can see it).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

let shared: Promise<UserManager> | null = null;

/**
 * One UserManager per page, built from the server's published settings: the storefront's own call (the page's
 * boot data when it has them), which the service worker also answers without a network, so a staff phone's
 * back office starts in the yard with the sign-in it keeps.
 */
export function getUserManager(): Promise<UserManager> {
  shared ??= queryClient
    .fetchQuery(publicQuery('site.config'))
    .then((config) => createUserManager(config.oidc))
    .catch((error: unknown) => {
      shared = null;
      throw error;
    });
  return shared;
}

/** Whether the address is the provider sending the browser back (a code or an error, with a state). */
export function isSignInCallback(location: Location = window.location): boolean {
  const params = new URLSearchParams(location.search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

export function returnToOf(user: User | null | undefined): string | null {
  const state = user?.state as Partial<SignInState> | undefined;
  return typeof state?.returnTo === 'string' &&
    state.returnTo.startsWith('/') &&
    !state.returnTo.startsWith('//')
    ? state.returnTo
    : null;
}
