import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../lib/toast';

/** One toaster for the whole app: top right, newest on top, the spec's 5 s default. */
export function AppToaster() {
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
