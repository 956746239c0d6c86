// The toast containers (notistack), loaded by ToastProvider when the first toast is
// asked for. Two providers: the app's (top-right, 4 at once) and the notice box
// (top-center, dark, at most 3). Both 5000 ms, dismissible.
import { useEffect } from 'react';
import { IconButton } from 'shared-ui/mui-icon-button';
import { styled } from 'shared-ui/mui-core';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { TOAST_DURATION_MS, TOAST_MAX_NOTICES } from 'shared-api/contract';
import { CloseIcon } from './icons';
import { brand } from './theme';
import { APP_TOAST_ORIGIN, NOTICE_ORIGIN, registerToastSlot } from './toast';

const APP_MAX = 4;

function Register({ slot }: { slot: 'app' | 'notice' }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => registerToastSlot(slot, enqueueSnackbar), [enqueueSnackbar, slot]);
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
    <>
      <SnackbarProvider
        maxSnack={APP_MAX}
        anchorOrigin={APP_TOAST_ORIGIN}
        autoHideDuration={TOAST_DURATION_MS}
        action={dismissAction}
        Components={{ success: AppContent, error: AppContent, info: AppContent, warning: AppContent, default: AppContent }}
      >
        <Register slot="app" />
      </SnackbarProvider>
      <SnackbarProvider
        maxSnack={TOAST_MAX_NOTICES}
        anchorOrigin={NOTICE_ORIGIN}
        autoHideDuration={TOAST_DURATION_MS}
        action={dismissAction}
        hideIconVariant
        Components={{ default: NoticeContent }}
      >
        <Register slot="notice" />
      </SnackbarProvider>
    </>
  );
}
