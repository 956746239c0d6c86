// shared-ui/components: what content pages around a list or a form use: loading, empty
// and error states, the page header, the progress bar, useAsync, the property card, grid
// and gallery, and the icons other than CloseIcon (avatars, badges, stat cards, the
// confirm dialog and a listing revision's changes are in shared-ui/display). Shared as one module. Anything of
// shared-ui/core they use comes through 'shared-ui/core', so one copy of it exists.
export { ProgressBar, type ProgressBarProps } from './components/progress-bar';
export {
  EmptyState,
  ErrorState,
  LoadingState,
  NoSuchPageState,
  type EmptyStateProps,
  type ErrorStateProps,
  type LoadingStateProps,
  type NoSuchPageStateProps,
} from './components/states';
export { PageHeader, type PageHeaderProps } from './components/page-header';
export { useAsync, type AsyncState } from './hooks/use-async';
export { useFreshUser } from './hooks/use-fresh-user';
export { ChevronLeftIcon, ChevronRightIcon, UploadIcon, PdfIcon, ImageIcon, ErrorIcon, InboxIcon } from './icons-more';
export { PropertyCard, type PropertyCardProps, type PropertyCardData } from './components/property-card';
export { PropertyGrid, type PropertyGridProps } from './components/property-grid';
export { Gallery, type GalleryProps, type GalleryImage } from './components/gallery';
