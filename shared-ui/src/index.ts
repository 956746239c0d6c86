// Public entry of shared-ui, the Tessera design system: everything, in one import.
// It re-exports the subpath entries (each a shared module of its own, so one copy of
// each exists) and holds the two heavier components no first visit needs. A page that
// imports from here loads all of it: pages on the first-visit path import the subpaths
// instead ('shared-ui/core', '/components', '/display'). See docs/frontend.md.
export {
  theme,
  brand,
  fontFamily,
  AppThemeProvider,
  formatNumber,
  formatMoney,
  formatPercent,
  formatDate,
  toast,
  ToastProvider,
  resetToasts,
  APP_TOAST_ORIGIN,
  NOTICE_ORIGIN,
  CloseIcon,
  Button,
  BUTTON_VARIANTS,
  BUTTON_SIZES,
  LOADING_TEXT,
  Modal,
  Spinner,
  visuallyHidden,
} from 'shared-ui/core';
export type { MoneyFormatOptions, ButtonProps, ButtonVariant, ButtonSize, ModalProps, SpinnerProps } from 'shared-ui/core';
export {
  ProgressBar,
  EmptyState,
  ErrorState,
  LoadingState,
  NoSuchPageState,
  PageHeader,
  useAsync,
  PropertyCard,
  PropertyGrid,
  Gallery,
  ChevronLeftIcon,
  ChevronRightIcon,
  UploadIcon,
  PdfIcon,
  ImageIcon,
  ErrorIcon,
  InboxIcon,
} from 'shared-ui/components';
export type {
  ProgressBarProps,
  EmptyStateProps,
  ErrorStateProps,
  LoadingStateProps,
  NoSuchPageStateProps,
  PageHeaderProps,
  AsyncState,
  PropertyCardProps,
  PropertyCardData,
  PropertyGridProps,
  GalleryProps,
  GalleryImage,
} from 'shared-ui/components';
export { Avatar, AVATAR_SIZES, initials, StatCard, StatusBadge, statusTone, ConfirmDialog, StatusBanner } from 'shared-ui/display';
export type {
  AvatarProps,
  AvatarSize,
  StatCardProps,
  StatusBadgeProps,
  StatusTone,
  ConfirmDialogProps,
  StatusBannerProps,
} from 'shared-ui/display';
export { FilePicker, type FilePickerProps } from './components/file-picker';
export { saveFile } from './save-file';
export { DataTable, type DataTableProps, type DataTableColumn, type DataTablePagination, type PageCursor } from './components/data-table';
export { StatementTables, type StatementTablesProps } from './components/statement-tables';
export { Composer, Conversation, type ComposerProps, type ConversationProps } from './components/conversation';
