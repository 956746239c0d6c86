/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// MUI's field parts without the menu machinery: FormControl, labels, the outlined input, adornments and the native select. What a page with a few text boxes
// and native selects needs (the properties filter bar), without Select's Menu, Popover,
// Modal and focus trap. 'shared-ui/mui-inputs' re-exports it (one copy, one FormControl
// context) with TextField, Select, menus, checkboxes, radios and dialogs.
export { default as FormControl } from '@mui/material/FormControl';
export { default as FormLabel } from '@mui/material/FormLabel';
export { default as InputAdornment } from '@mui/material/InputAdornment';
export { default as InputLabel } from '@mui/material/InputLabel';
export { default as NativeSelect } from '@mui/material/NativeSelect';
export { default as OutlinedInput } from '@mui/material/OutlinedInput';
export type { OutlinedInputProps } from '@mui/material/OutlinedInput';
