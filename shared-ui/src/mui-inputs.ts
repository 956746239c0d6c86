/* eslint-disable no-restricted-imports -- a curated MUI barrel (docs/frontend.md) */
// MUI's inputs, selects, menus and dialogs: shared as one module that a page loads when
// it first renders a form field or a dialog. Components that share a React context
// (FormControl with InputLabel, Select and the radios; Menu with MenuItem; Dialog with
// its parts; RadioGroup with Radio) all live here, so each context is one.
// The field parts come from 'shared-ui/mui-fields' (one copy). 'shared-ui/mui-forms'
// re-exports this module plus Tooltip and Autocomplete (Popper).
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as Dialog } from '@mui/material/Dialog';
export { default as DialogActions } from '@mui/material/DialogActions';
export { default as DialogContent } from '@mui/material/DialogContent';
export { default as DialogContentText } from '@mui/material/DialogContentText';
export { default as DialogTitle } from '@mui/material/DialogTitle';
export { FormControl, FormLabel, InputAdornment, InputLabel, NativeSelect, OutlinedInput } from 'shared-ui/mui-fields';
export { default as FormHelperText } from '@mui/material/FormHelperText';
export type { OutlinedInputProps } from 'shared-ui/mui-fields';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
// Menu is built on Popover (already in this module); Drawer adds little beside Modal.
export { default as Popover } from '@mui/material/Popover';
export { default as Drawer } from '@mui/material/Drawer';
export { default as Radio } from '@mui/material/Radio';
export { default as RadioGroup } from '@mui/material/RadioGroup';
export { default as Select } from '@mui/material/Select';
export { default as TextField } from '@mui/material/TextField';
export type { SelectChangeEvent } from '@mui/material/Select';
export type { TextFieldProps } from '@mui/material/TextField';
export type { DialogProps } from '@mui/material/Dialog';
