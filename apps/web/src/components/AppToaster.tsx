import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { loadedToasts, onToastsLoaded, TOAST_DURATION_MS } from '../lib/toast';
import { useTopDialog } from '../lib/topDialog';

/**
 * One toaster for the whole app: top right, newest on top, the spec's 5 s default. It mounts once the
 * first notification has loaded the toast library (lib/toast.ts), and then shows that notification too.
 * While a modal dialog is open the toasts live inside it: the rest of the page is then inert and below it.
 */
export function AppToaster() {
  const module = useSyncExternalStore(onToastsLoaded, loadedToasts, () => null);
  const dialog = useTopDialog();
  if (!module) return null;
  const { Toaster } = module;
  const toaster = (
    <Toaster
      position="top-right"
      reverseOrder={false}
      gutter={8}
      containerStyle={{ top: 'calc(var(--navbar-height) + 0.5rem)', zIndex: 1100 }}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
  return dialog ? createPortal(toaster, dialog) : toaster;
}
