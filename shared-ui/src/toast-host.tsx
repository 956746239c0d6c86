// The toast containers (notistack), loaded by ToastProvider when the first toast is
// asked for. Two providers: the app's (top-right, 4 at once) and the notice box
// (top-center, dark, at most 3). Both 5000 ms, dismissible.
import { useEffect } from 'react';
import { IconButton } from 'shared-ui/mui-icon-button';
import { styled } from 'shared-ui/mui-core';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type OptionsObject, type SnackbarKey } from 'notistack';
import { TOAST_DURATION_MS, TOAST_MAX_NOTICES } from 'shared-api/contract/basics';
import { CloseIcon } from './icons';
import { brand } from './theme';
import { MuiThemeProvider } from './theme-provider';
import { APP_TOAST_ORIGIN, NOTICE_ORIGIN, registerToastSlot } from './toast';

const APP_MAX = 4;

/** The element the app's top bar carries (public and dashboard chrome): toasts open below it. */
export const APP_HEADER_ATTR = 'data-app-header';
const BELOW_HEADER = 'tessera-toasts-below-header';
const GAP_PX = 8;

/**
 * Issue 16: toasts never cover the header's account menu or the Log In / Sign up buttons.
 * The containers keep their corners (spec: app toasts top-right, notices top-center) and
 * start just below the app's header, measured when a toast opens (the header's height
 * differs between the public and the dashboard chrome, phone and desktop).
 */
export function placeToastsBelowHeader(doc: Document = document): number {
  let bottom = 0;
  doc.querySelectorAll(`[${APP_HEADER_ATTR}]`).forEach((h) => {
    const r = h.getBoundingClientRect();
    if (r.bottom > bottom) bottom = r.bottom;
  });
  const top = Math.ceil(Math.max(0, bottom)) + GAP_PX;
  doc.documentElement.style.setProperty('--tessera-toast-top', `${top}px`);
  return top;
}

function Register({ slot }: { slot: 'app' | 'notice' }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      registerToastSlot(slot, (message: string, options: OptionsObject) => {
        placeToastsBelowHeader();
        return enqueueSnackbar(message, options);
      }),
    [enqueueSnackbar, slot],
  );
  return null;
}

function Dismiss({ id }: { id: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton aria-label="Dismiss" size="small" onClick={() => closeSnackbar(id)} sx={{ color: 'inherit' }}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
const dismissAction = (id: SnackbarKey) => <Dismiss id={id} />;

// notistack's default colours are below 4.5:1 with white text; these are not.
const AppContent = styled(MaterialDesignContent)({
  fontFamily: 'inherit',
  fontWeight: 500,
  '&.notistack-MuiContent-success': { backgroundColor: brand.green },
  '&.notistack-MuiContent-error': { backgroundColor: brand.red },
  '&.notistack-MuiContent-info': { backgroundColor: brand.blue },
  '&.notistack-MuiContent-warning': { backgroundColor: brand.orange },
  '&.notistack-MuiContent-default': { backgroundColor: brand.navyDeep },
});
const NoticeContent = styled(MaterialDesignContent)({
  fontFamily: 'inherit',
  fontWeight: 500,
  '&.notistack-MuiContent-default': { backgroundColor: brand.navyDeep, color: '#FFFFFF', border: '1px solid rgba(255,255,255,0.12)' },
});

export default function ToastHost() {
  return (
    <MuiThemeProvider>
      <style>{`.${BELOW_HEADER} { top: var(--tessera-toast-top, 80px) !important; }`}</style>
      <SnackbarProvider
        classes={{ containerAnchorOriginTopRight: BELOW_HEADER, containerAnchorOriginTopCenter: BELOW_HEADER }}
        maxSnack={APP_MAX}
        anchorOrigin={APP_TOAST_ORIGIN}
        autoHideDuration={TOAST_DURATION_MS}
        action={dismissAction}
        Components={{ success: AppContent, error: AppContent, info: AppContent, warning: AppContent, default: AppContent }}
      >
        <Register slot="app" />
      </SnackbarProvider>
      <SnackbarProvider
        classes={{ containerAnchorOriginTopRight: BELOW_HEADER, containerAnchorOriginTopCenter: BELOW_HEADER }}
        maxSnack={TOAST_MAX_NOTICES}
        anchorOrigin={NOTICE_ORIGIN}
        autoHideDuration={TOAST_DURATION_MS}
        action={dismissAction}
        hideIconVariant
        Components={{ default: NoticeContent }}
      >
        <Register slot="notice" />
      </SnackbarProvider>
    </MuiThemeProvider>
  );
}
