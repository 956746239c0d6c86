// Heavy MUI components only some pages use (tables, tabs, pagination), shared as one
// module so a first visit does not download them. Pagination comes from
// 'shared-ui/mui-pagination' (one copy). Table parts share a context: all here.
// See docs/frontend.md.
export { Pagination } from 'shared-ui/mui-pagination';
export { default as Tab } from '@mui/material/Tab';
export { default as Table } from '@mui/material/Table';
export { default as TableBody } from '@mui/material/TableBody';
export { default as TableCell } from '@mui/material/TableCell';
export { default as TableContainer } from '@mui/material/TableContainer';
export { default as TableHead } from '@mui/material/TableHead';
export { default as TablePagination } from '@mui/material/TablePagination';
export { default as TableRow } from '@mui/material/TableRow';
export { default as Tabs } from '@mui/material/Tabs';
