/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// MUI's Pagination alone: the properties list loads it when there is more than one
// page, without the tables and tabs of 'shared-ui/mui-data' (which re-exports it).
export { default as Pagination } from '@mui/material/Pagination';
