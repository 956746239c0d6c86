/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// Surfaces content pages use but the first screen of the public site does not: Paper and
// Skeleton. Shared as one module, loaded when a page first imports it (the public chrome
// and the landing hero never do). 'shared-ui/mui' re-exports it (one copy).
export { default as Paper } from '@mui/material/Paper';
export { default as Skeleton } from '@mui/material/Skeleton';
