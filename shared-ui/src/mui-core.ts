/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// The smallest MUI tier: what the design system's core (shared-ui/core) renders. Shared as
// one lazy module, loaded with the first page that renders MUI (the public chrome and the
// landing page's first screen render none: shared-ui/base), so every component here costs
// every MUI page: add deliberately. 'shared-ui/mui'
// re-exports all of it (through this module, so one copy exists) plus the rest of the
// base tier. Tiers, each shared as one module (docs/frontend.md):
//   shared-ui/mui-core        layout, text, button base, theme tools
//   shared-ui/mui-surfaces    paper, skeletons
//   shared-ui/mui-icon-button icon buttons (and circular progress)
//   shared-ui/mui             + both, app bar, stacks, alerts, avatars, chips, lists, links, grid, …
//   shared-ui/mui-fields      form control, labels, outlined input, native select
//   shared-ui/mui-inputs      + text fields, selects, menus, checkboxes, radios, dialogs
//   shared-ui/mui-forms       + tooltips, autocomplete
//   shared-ui/mui-pagination  pagination
//   shared-ui/mui-data        + tables, tabs
export { default as Box } from '@mui/material/Box';
export { default as ButtonBase } from '@mui/material/ButtonBase';
export { default as Container } from '@mui/material/Container';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as SvgIcon } from '@mui/material/SvgIcon';
export { default as Typography } from '@mui/material/Typography';
export { alpha, createTheme, responsiveFontSizes, styled, ThemeProvider, useTheme } from '@mui/material/styles';
export type { SxProps, Theme, ThemeOptions } from '@mui/material/styles';
export type { ButtonProps as MuiButtonProps } from '@mui/material/Button';
export type { ButtonBaseProps } from '@mui/material/ButtonBase';
export type { SvgIconProps } from '@mui/material/SvgIcon';
