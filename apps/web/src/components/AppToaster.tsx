import { useSyncExternalStore } from 'react';
import { loadedToasts, onToastsLoaded, TOAST_DURATION_MS } from '../lib/toast';

/**
 * One toaster for the whole app: top right, newest on top, the spec's 5 s default. It mounts once the
 * first notification has loaded the toast library (lib/toast.ts), and then shows that notification too.
 */
export function AppToaster() {
  const module = useSyncExternalStore(onToastsLoaded, loadedToasts, () => null);
  if (!module) return null;
  const { Toaster } = module;
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      gutter={8}
      containerStyle={{ top: 'calc(var(--navbar-height) + 0.5rem)', zIndex: 1100 }}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}
