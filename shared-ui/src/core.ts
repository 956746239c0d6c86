// shared-ui/core: what every MUI page of the platform renders, on MUI's smallest tier
// (shared-ui/mui-core) only: the theme and its providers, toasts (notistack is loaded
// when the first toast shows), formatters, Button, Modal and the close icon. Shared as one
// lazy module, loaded with the first page that renders MUI; a first visit to `/` renders
// none (the chrome and the landing page's first screen use shared-ui/base). docs/frontend.md.
export { theme, brand, fontFamily } from './theme';
export { AppThemeProvider, MuiThemeProvider } from './theme-provider';
export { formatNumber, formatMoney, formatPercent, formatDate, type MoneyFormatOptions } from './format';
export { toast, ToastProvider, resetToasts, APP_TOAST_ORIGIN, NOTICE_ORIGIN } from './toast';
export { CloseIcon } from './icons';
export {
  Button,
  BUTTON_VARIANTS,
  BUTTON_SIZES,
  LOADING_TEXT,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/button';
export { Modal, type ModalProps } from './components/modal';
export { Spinner, type SpinnerProps } from './components/spinner';
export { visuallyHidden } from './a11y';
