import { UNAUTHORIZED } from '@nursery/domain';
import type { User, UserManager } from 'oidc-client-ts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { notify } from '../lib/toast';
import { queryClient } from '../trpc';
import { signedInOnThisPhone, signedOutOnThisPhone } from './signedOutMark';
import { forgetSignInOnThisPhone, signInAtProvider, signOutAtProvider } from './signOut';
import { USER_KEY_PREFIX } from './storedUser';
import { setAccessToken } from './token';
import {
  describeSignInError,
  GET_ACCESS_TOKEN_FAILED,
  getUserManager,
  isInteractiveError,
  isSignInCallback,
  LOGIN_FAILED,
  returnToOf,
} from './userManager';

/** The spec's sign-in state. */
export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Profile from the identity token's claims (name, email, updated_at...). */
  user: User['profile'] | null;
  error: Error | null;
  /** The stored sign-in was ended in another tab of this browser (a logout there). */
  signedOutElsewhere?: boolean;
  /**
   * The server refused the stored token (401): the sign-in was ended at the provider (a password reset, a
   * restore onto a new machine) while this browser still holds a token that looks valid.
   */
  tokenRejected?: boolean;
}

export interface AuthContextValue extends AuthState {
  /** The path to go back to after a sign-in that just completed on this page, if any. */
  returnTo: string | null;
  /** Sends the browser to the provider; it comes back to `returnTo` (default: the current path and query). */
  login(returnTo?: string): Promise<void>;
  /**
   * Signs out as /Admin/Logout does: clears what the phone keeps, then ends the session at the provider; the
   * browser comes back through /Admin/Logout to the shop's home.
   */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

interface StartUpOutcome {
  user: User | null;
  returnTo: string | null;
  error: Error | null;
}

let startUpOnce: Promise<StartUpOutcome> | null = null;

/**
 * The spec's start-up, run once per page load even when React mounts twice: a redirect callback when the
 * address carries a code or error with a state; otherwise the stored user, or a silent check at the provider.
 */
export function startUp(userManager: UserManager): Promise<StartUpOutcome> {
  startUpOnce ??= (async (): Promise<StartUpOutcome> => {
    if (isSignInCallback()) {
      if (window.self !== window.top) {
        // Inside the hidden frame of a silent sign-in: hand the answer to the page that asked.
        await userManager.signinCallback().catch(() => undefined);
        return { user: null, returnTo: null, error: null };
      }
      try {
        const user = (await userManager.signinCallback()) ?? (await userManager.getUser());
        signedInOnThisPhone();
        // Not started when the manager was made after a sign-out here (createUserManager).
        userManager.startSilentRenew();
        return { user, returnTo: returnToOf(user) ?? '/Admin/Products', error: null };
      } catch (error) {
        return { user: null, returnTo: null, error: describeSignInError(error, LOGIN_FAILED) };
      }
    }
    // After a sign-out here the provider's session, if it survived, is not this phone's to take up again; nor
    // is a sign-in stored since, which only a renewal racing that sign-out can have put there.
    if (signedOutOnThisPhone()) {
      await userManager.removeUser();
      return { user: null, returnTo: null, error: null };
    }
    const stored = await userManager.getUser();
    if (stored && !stored.expired) return { user: stored, returnTo: null, error: null };
    try {
      return {
        user: await userManager.signinSilent({ nonce: crypto.randomUUID() }),
        returnTo: null,
        error: null,
      };
    } catch (error) {
      await userManager.removeUser();
      // Nobody signed in at the provider is not an error; anything else is worth showing.
      return {
        user: null,
        returnTo: null,
        error: isInteractiveError(error) ? null : describeSignInError(error, GET_ACCESS_TOKEN_FAILED),
      };
    }
  })();
  return startUpOnce;
}

const STARTING: AuthState = { isLoading: true, isAuthenticated: false, user: null, error: null };

/**
 * Runs the sign-in start-up once per page: finishes a redirect from the provider when the address carries
 * one, otherwise reads the stored user and, when there is none, asks the provider quietly (prompt=none)
 * whether a session is still open. Keeps the access token in auth/token.ts for every API call.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(STARTING);
  const [manager, setManager] = useState<UserManager | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const signedIn = (user: User | null) => {
      const valid = user && !user.expired ? user : null;
      setAccessToken(valid?.access_token ?? null, valid?.expires_at ?? null);
      if (cancelled) return;
      // Renewals hand over a new token; the profile object only changes when its claims do.
      setState((previous) => {
        const same =
          previous.user !== null && valid !== null && previous.user.updated_at === valid.profile.updated_at;
        return {
          isLoading: false,
          isAuthenticated: valid !== null,
          user: same ? previous.user : (valid?.profile ?? null),
          error: null,
          signedOutElsewhere: valid === null && previous.signedOutElsewhere === true,
          tokenRejected: false,
        };
      });
    };
    const failed = (error: Error) => {
      if (cancelled) return;
      setState((previous) => ({ ...previous, isLoading: false, error }));
    };

    let detach = () => {};
    void (async () => {
      let userManager: UserManager;
      try {
        userManager = await getUserManager();
      } catch (error) {
        failed(describeSignInError(error, LOGIN_FAILED));
        return;
      }
      if (cancelled) return;
      setManager(userManager);
      const onLoaded = (user: User) => signedIn(user);
      const onUnloaded = () => signedIn(null);
      const onRenewError = (error: Error) => {
        if (isInteractiveError(error)) {
          // The provider session ended (signed out elsewhere, expired): forget the local copy too.
          void userManager.removeUser();
          return;
        }
        failed(describeSignInError(error, GET_ACCESS_TOKEN_FAILED));
      };
      // A token that ran out anyway (a laptop asleep through the renewal): ask once more, quietly.
      const onExpired = () => {
        userManager.signinSilent().then(signedIn, (error: unknown) => {
          if (!isInteractiveError(error)) failed(describeSignInError(error, GET_ACCESS_TOKEN_FAILED));
          void userManager.removeUser();
        });
      };
      userManager.events.addAccessTokenExpired(onExpired);
      userManager.events.addUserLoaded(onLoaded);
      userManager.events.addUserUnloaded(onUnloaded);
      userManager.events.addSilentRenewError(onRenewError);
      // The user is stored in localStorage, shared by every tab: a logout in one tab must end the admin area
      // in the others too (they would go on using the closed session's token), and a sign-in in one tab
      // lets a tab waiting on the Login screen in. The browser tells the other tabs, never the writing one.
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== window.localStorage) return;
        if (event.key !== null && !event.key.startsWith(USER_KEY_PREFIX)) return;
        if (event.key === null || event.newValue === null) {
          // Not straight back to the provider: the other tab's logout has not reached it yet, and this tab
          // would be signed in again under the session that is closing. It says why and waits for a click.
          if (!cancelled)
            setState((previous) =>
              previous.isAuthenticated ? { ...previous, signedOutElsewhere: true } : previous,
            );
          void userManager.removeUser();
        } else void userManager.getUser(true);
      };
      window.addEventListener('storage', onStorage);
      detach = () => {
        window.removeEventListener('storage', onStorage);
        userManager.events.removeAccessTokenExpired(onExpired);
        userManager.events.removeUserLoaded(onLoaded);
        userManager.events.removeUserUnloaded(onUnloaded);
        userManager.events.removeSilentRenewError(onRenewError);
      };

      const outcome = await startUp(userManager);
      if (outcome.returnTo && !cancelled) setReturnTo(outcome.returnTo);
      signedIn(outcome.user);
      if (outcome.error) failed(outcome.error);
    })();

    return () => {
      cancelled = true;
      detach();
    };
  }, []);

  // Any call the server refuses with 401 says so once, as the spec's error catalogue asks.
  useEffect(() => {
    const isUnauthorized = (error: unknown) =>
      (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus === 401 ||
      (error as { status?: unknown } | null)?.status === 401;
    const tell = () => {
      notify.error(UNAUTHORIZED, { id: 'unauthorized' });
      // Every screen would stay empty with only that toast: the shell offers a new sign-in.
      setState((previous) => (previous.isAuthenticated ? { ...previous, tokenRejected: true } : previous));
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        tell();
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        tell();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, []);

  const login = useCallback(
    async (target?: string) => {
      setState((previous) => ({ ...previous, isLoading: true, error: null }));
      try {
        const userManager = manager ?? (await getUserManager());
        await signInAtProvider(userManager, target ?? currentPath());
      } catch (error) {
        setState((previous) => ({
          ...previous,
          isLoading: false,
          error: describeSignInError(error, LOGIN_FAILED),
        }));
      }
    },
    [manager],
  );

  const logout = useCallback(async () => {
    setState({ isLoading: false, isAuthenticated: false, user: null, error: null });
    await forgetSignInOnThisPhone();
    try {
      await signOutAtProvider(manager ?? (await getUserManager()));
    } catch {
      // A provider without an end-session endpoint, or out of reach: the local sign-out is all there is.
      window.location.assign('/');
    }
  }, [manager]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, returnTo, login, logout }),
    [state, returnTo, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
