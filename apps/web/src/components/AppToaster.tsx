import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { loadedToasts, onToastsLoaded, TOAST_DURATION_MS } from '../lib/toast';
import { useToasterPlace } from '../lib/toastPlace';
import { useTopDialog } from '../lib/topDialog';

/**
 * One toaster for the whole app: top right, newest on top, the spec's 5 s default. It mounts once the
 * first notification has loaded the toast library (lib/toast.ts), and then shows that notification too.
 * While a modal dialog is open the toasts live inside it (the rest of the page is then inert and below it), placed
 * where they cover neither its question nor its buttons (lib/toastPlace.ts).
 */
export function AppToaster() {
  const module = useSyncExternalStore(onToastsLoaded, loadedToasts, () => null);
  const dialog = useTopDialog();
  const place = useToasterPlace(module ? dialog : null);
  if (!module) return null;
  const { Toaster } = module;
  const toaster = (
    <Toaster
      position={place?.position ?? 'top-right'}
      reverseOrder={false}
      gutter={8}
      containerStyle={
        place
          ? { ...place.style, zIndex: 1100 }
          : { top: 'calc(var(--navbar-height) + 0.5rem)', zIndex: 1100 }
      }
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
  return dialog ? createPortal(toaster, dialog) : toaster;
}
