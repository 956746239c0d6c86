// Toasts (spec 9): the app-level container top-right and the "notice box"
// top-center (dark, at most 3), both 5000 ms. The helpers work outside React: calls
// made before the provider mounts are shown once it does. notistack (about 8 KB gzip)
// is not part of the first visit: ToastProvider loads it, beside the app, when the
// first toast is asked for (toast-host.tsx). See docs/frontend.md.
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { OptionsObject, SnackbarOrigin } from 'notistack';

type Slot = 'app' | 'notice';
/** A mounted notistack provider's enqueue function. */
export type Enqueue = (message: string, options: OptionsObject) => unknown;

export const APP_TOAST_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
export const NOTICE_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };
const PENDING_MAX = 10;

const slots: Record<Slot, Enqueue | null> = { app: null, notice: null };
const pending: { slot: Slot; message: string; options: OptionsObject }[] = [];

// Whether a toast was ever asked for: from then on ToastProvider renders the host.
let wanted = false;
const wantListeners = new Set<() => void>();
const subscribeWanted = (fn: () => void) => {
  wantListeners.add(fn);
  return () => {
    wantListeners.delete(fn);
  };
};
const isWanted = () => wanted;

function flush() {
  for (let i = 0; i < pending.length;) {
    const item = pending[i];
    const enqueue = slots[item.slot];
    if (enqueue) {
      pending.splice(i, 1);
      enqueue(item.message, item.options);
    } else i += 1;
  }
}

function show(slot: Slot, message: string, options: OptionsObject): void {
  const enqueue = slots[slot];
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  if (pending.length >= PENDING_MAX) pending.shift();
  pending.push({ slot, message, options });
  if (!wanted) {
    wanted = true;
    wantListeners.forEach((fn) => fn());
  }
}

/** Shows messages from anywhere: `toast.error(await readError(e))`. */
export const toast = {
  success: (message: string) => show('app', message, { variant: 'success' }),
  error: (message: string) => show('app', message, { variant: 'error' }),
  info: (message: string) => show('app', message, { variant: 'info' }),
  warning: (message: string) => show('app', message, { variant: 'warning' }),
  /** The dark notice box, top-center. */
  notice: (message: string) => show('notice', message, { variant: 'default' }),
};

/** The host (toast-host.tsx) registers each mounted container; returns the unregister. */
export function registerToastSlot(slot: Slot, enqueue: Enqueue): () => void {
  slots[slot] = enqueue;
  flush();
  return () => {
    if (slots[slot] === enqueue) slots[slot] = null;
  };
}

/** Test helper: forget queued messages and registered providers. */
export function resetToasts(): void {
  pending.length = 0;
  slots.app = null;
  slots.notice = null;
}

const ToastHost = lazy(() => import('./toast-host'));

/**
 * Mount once (the shell). The toast containers (under MUI's theme, loaded with them) render beside
 * the app, not around it, so loading them never re-mounts the page.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const active = useSyncExternalStore(subscribeWanted, isWanted, isWanted);
  return (
    <>
      {children}
      {active && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
