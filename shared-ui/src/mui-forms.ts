// shared-ui/mui-inputs (re-exported from that shared module: one copy, one FormControl,
// Menu and Dialog context) plus the components that need Popper: Tooltip and
// Autocomplete. Loaded when a page first imports it. See docs/frontend.md.
export {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  InputLabel,
  Menu,
  MenuItem,
  Popover,
  Drawer,
  NativeSelect,
  OutlinedInput,
  Radio,
  RadioGroup,
  Select,
  TextField,
} from 'shared-ui/mui-inputs';
export type { SelectChangeEvent, TextFieldProps, DialogProps, OutlinedInputProps } from 'shared-ui/mui-inputs';
export { default as Tooltip } from '@mui/material/Tooltip';
export { default as Autocomplete } from '@mui/material/Autocomplete';
export type { AutocompleteProps } from '@mui/material/Autocomplete';
