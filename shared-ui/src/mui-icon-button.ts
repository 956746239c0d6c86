/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// MUI's IconButton, and the CircularProgress it imports for its loading state. Shared as
// one module, loaded when a page, a dialog or the first toast needs an icon button.
// 'shared-ui/mui' re-exports it (one copy).
export { default as CircularProgress } from '@mui/material/CircularProgress';
export { default as IconButton } from '@mui/material/IconButton';
export type { IconButtonProps } from '@mui/material/IconButton';
