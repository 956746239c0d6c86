// The door to MUI's base tier: shared-ui/mui-core, /mui-surfaces and /mui-icon-button
// (re-exported from those shared modules, so the platform keeps one copy of each) plus the display components dashboards and
// content pages use. Shared as one module, loaded when a page first imports it. Pages
// that need only mui-core's components import 'shared-ui/mui-core', so a first visit
// to the public site never downloads this tier. See docs/frontend.md.
export {
  Box,
  ButtonBase,
  Container,
  CssBaseline,
  SvgIcon,
  Typography,
  alpha,
  createTheme,
  responsiveFontSizes,
  styled,
  ThemeProvider,
  useTheme,
} from 'shared-ui/mui-core';
export { Paper, Skeleton } from 'shared-ui/mui-surfaces';
export { CircularProgress, IconButton } from 'shared-ui/mui-icon-button';
export type { IconButtonProps } from 'shared-ui/mui-icon-button';
export type { SxProps, Theme, ThemeOptions, MuiButtonProps, ButtonBaseProps, SvgIconProps } from 'shared-ui/mui-core';
export { default as Avatar } from '@mui/material/Avatar';
export type { AvatarProps as MuiAvatarProps } from '@mui/material/Avatar';
export { default as Alert } from '@mui/material/Alert';
export { default as AppBar } from '@mui/material/AppBar';
export { default as Toolbar } from '@mui/material/Toolbar';
export { default as Button } from '@mui/material/Button';
export { default as AlertTitle } from '@mui/material/AlertTitle';
export { default as Card } from '@mui/material/Card';
export { default as CardContent } from '@mui/material/CardContent';
export { default as CardMedia } from '@mui/material/CardMedia';
export { default as Chip } from '@mui/material/Chip';
export { default as Divider } from '@mui/material/Divider';
export { default as Grid } from '@mui/material/Grid';
export { default as LinearProgress } from '@mui/material/LinearProgress';
export { default as Link } from '@mui/material/Link';
export { default as List } from '@mui/material/List';
export { default as ListItem } from '@mui/material/ListItem';
export { default as ListItemButton } from '@mui/material/ListItemButton';
export { default as ListItemIcon } from '@mui/material/ListItemIcon';
export { default as ListItemText } from '@mui/material/ListItemText';
export { default as Stack } from '@mui/material/Stack';
export { default as useMediaQuery } from '@mui/material/useMediaQuery';
