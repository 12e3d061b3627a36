import { UNAUTHORIZED, withFieldLabels } from '@nursery/domain';
import type { ApiFailure } from './apiFailure';
import { type Kind, PERSISTENT, type ToastOptions } from './toastOptions';

export {
  type Kind,
  LONG_WARNING_DURATION_MS,
  PERSISTENT,
  TOAST_DURATION_MS,
  type ToastOptions,
} from './toastOptions';

type HotToastModule = typeof import('react-hot-toast');
type HotToast = HotToastModule['default'];
type ToastView = typeof import('./toastView');

// react-hot-toast (6 KB with its CSS-in-JS) loads with the first notification, not with the first page:
// most visits never see one. Calls made before it has loaded wait for it, in order.
let loadedModule: HotToastModule | null = null;
let loadedView: ToastView | null = null;
let loading: Promise<HotToastModule> | null = null;
const loadedListeners = new Set<() => void>();

export function loadToasts(): Promise<HotToastModule> {
  loading ??= Promise.all([import('react-hot-toast'), import('./toastView')]).then(([module, view]) => {
    loadedModule = module;
    loadedView = view;
    for (const listener of loadedListeners) listener();
    return module;
  });
  return loading;
}

/** The loaded library, for the toaster to mount; null until the first notification. */
export function loadedToasts(): HotToastModule | null {
  return loadedModule;
}

export function onToastsLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

function withToast(run: (toast: HotToast, view: ToastView) => void): void {
  if (loadedModule && loadedView) run(loadedModule.default, loadedView);
  else void loadToasts().then(() => withToast(run));
}

let toastCount = 0;

/**
 * The notifications on screen by kind and text. The spec prevents duplicates: the same message again (a
 * double click, a repeated failure) refreshes the one shown instead of stacking a copy under it. An entry
 * goes when its notification leaves (closed or timed out), so the message can come back later.
 */
const onScreen = new Map<string, string>();

function show(kind: Kind, text: string, options: ToastOptions = {}): string {
  const key = `${kind}\n${text}`;
  let id = options.id ?? onScreen.get(key);
  if (id === undefined) {
    toastCount += 1;
    id = `toast-${toastCount}`;
  }
  const shownId = id;
  // A toast with its own id replaces whatever it shows by that id; it is no duplicate of its text elsewhere.
  if (options.id === undefined) onScreen.set(key, shownId);
  const onHidden = () => {
    if (onScreen.get(key) === shownId) onScreen.delete(key);
  };
  withToast((toast, view) => view.present(toast, kind, text, options, shownId, onHidden));
  return shownId;
}

export const notify = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  /** Stays until closed unless a duration is given: an error is worth reading whole. */
  error: (text: string, options?: ToastOptions) => show('error', text, options),
};

/** Clears every notification at once, as after a placed order. */
export function clearToasts(): void {
  if (loading !== null) withToast((toast) => toast.dismiss());
}

export function dismissToast(id: string): void {
  if (loading !== null) withToast((toast) => toast.dismiss(id));
}

interface FailureFacts {
  status: number | null;
  message: string;
  /** The server said it: only then does the spec put the status code in front. */
  fromServer: boolean;
}

function isApiFailure(error: unknown): error is ApiFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiFailure).status === 'number' &&
    typeof (error as ApiFailure).message === 'string' &&
    typeof (error as ApiFailure).validationError === 'boolean'
  );
}

/** Reads a TRPCClientError (data.httpStatus), a REST ApiFailure or any thrown Error alike. */
export function failureFacts(error: unknown): FailureFacts {
  if (isApiFailure(error)) {
    return { status: error.status, message: error.message, fromServer: error.localMessage !== true };
  }
  if (error instanceof Error) {
    const { data, localMessage } = error as Error & {
      data?: { httpStatus?: unknown } | null;
      localMessage?: unknown;
    };
    const status = typeof data?.httpStatus === 'number' ? data.httpStatus : null;
    return { status, message: error.message, fromServer: status !== null && localMessage !== true };
  }
  if (typeof error === 'string') return { status: null, message: error, fromServer: false };
  return { status: null, message: '', fromServer: false };
}

/**
 * The spec's text of a failure: '(status code) message' when the answer carried a message, otherwise the
 * message alone, so a lost connection never reads '(0) ...' nor a proxy's error page '(500) Internal
 * Server Error'.
 */
export function failureText(error: unknown): string {
  const { status, message, fromServer } = failureFacts(error);
  if (!message) return 'Something went wrong. Please try again.';
  return status !== null && status > 0 && fromServer ? `(${status}) ${message}` : message;
}

/**
 * The spec's error catalogue: a 401 says 'Unauthorized' and nothing more; any other failure is a
 * toast that stays until closed, a warning for a validation error (400) and an error otherwise,
 * reading '(status) message', and is logged for whoever opens the console.
 */
export function showApiFailure(error: unknown): void {
  presentFailure(error, {});
}

/**
 * The same, as a form's one failure toast: its next failure replaces it, and dismissToast(id) takes it away
 * once the form succeeds (an error stays until closed, and would otherwise contradict the success).
 */
export function showFormFailure(
  error: unknown,
  id: string,
  /** The form's labels by field name: the server's message names fields as the API does. */
  labels: Readonly<Record<string, string>> = {},
): void {
  presentFailure(error, { id }, labels);
}

/**
 * The action a failure came from: the procedure's path as the server's answer names it (catalog.saveProduct),
 * or the REST path restCall was sent to. Null when the call never got an answer that says.
 */
function actionOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { data, path } = error as { data?: { path?: unknown } | null; path?: unknown };
  if (typeof data?.path === 'string') return data.path;
  return typeof path === 'string' ? path : null;
}

/** Actions whose failure toast may be on screen, by the toast's id. */
const failedActions = new Set<string>();
const failureToastId = (action: string) => `failure ${action}`;

/**
 * A call of this action answered: the failure toast it left, if any, goes, since what it told of is put right
 * (an error toast stays until closed and would otherwise contradict the saved form beside it). The tRPC client,
 * the storefront's calls and restCall report every answer here.
 */
export function actionSucceeded(action: string): void {
  if (failedActions.delete(action)) dismissToast(failureToastId(action));
}

function presentFailure(
  error: unknown,
  given: { id?: string },
  labels: Readonly<Record<string, string>> = {},
): void {
  const { status } = failureFacts(error);
  if (status === 401) {
    notify.error(UNAUTHORIZED, { id: 'unauthorized' });
    return;
  }
  console.error(error);
  // One failure toast per action: the next failure of the same save or load replaces it rather than stacking
  // under it (a form's own failure toast keeps the id it was given).
  const action = given.id === undefined ? actionOf(error) : null;
  if (action !== null) failedActions.add(action);
  const options = action !== null ? { id: failureToastId(action) } : given;
  const shown = withFieldLabels(failureText(error), labels);
  if (status === 400) notify.warning(shown, { duration: PERSISTENT, ...options });
  else notify.error(shown, options);
}
