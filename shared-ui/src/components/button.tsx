import type { ElementType, ReactNode } from 'react';
import { Box, ButtonBase } from 'shared-ui/mui-core';
import type { MuiButtonProps, SxProps, Theme } from 'shared-ui/mui-core';
import { BUTTON_SIZES, BUTTON_VARIANTS, LOOKS, SIZES, lookStyles, type ButtonSize, type ButtonVariant } from './button-looks';
import { Spinner } from './spinner';

export { BUTTON_SIZES, BUTTON_VARIANTS, type ButtonSize, type ButtonVariant };

/** Spec 4: a loading button shows exactly this and is disabled. */
export const LOADING_TEXT = 'Loading...';

export interface ButtonProps extends Omit<
  MuiButtonProps,
  'variant' | 'size' | 'color' | 'loading' | 'loadingIndicator' | 'loadingPosition'
> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows "Loading...", disables the button and sets aria-busy. */
  loading?: boolean;
  /** Router target; pass the router's Link as `component`. Without one it renders a plain link. */
  to?: string;
  /** Element or component to render, e.g. react-router's Link. */
  component?: ElementType;
}

const lookSx = (variant: ButtonVariant, size: ButtonSize, loading: boolean): SxProps<Theme> =>
  lookStyles(variant, size, { focus: '&.Mui-focusVisible', disabled: '&.Mui-disabled' }, loading) as SxProps<Theme>;

// MUI's Button styles that every variant keeps (its root and medium-size icon slots, with
// the theme's MuiButton overrides); the variant's look (lookSx) is applied over them.
// The button is MUI's ButtonBase with these styles rather than MUI's Button, which
// carries every palette colour, size and loading layout for about 2.5 KB gzip on every
// MUI page (docs/frontend.md). Same markup and MuiButton classes, same look.
const baseSx: SxProps<Theme> = (theme) => ({
  ...theme.typography.button,
  minWidth: 64,
  padding: '6px 16px',
  border: 0,
  borderRadius: '10px',
  boxShadow: 'none',
  transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
    duration: theme.transitions.duration.short,
  }),
  '&:hover': { textDecoration: 'none', boxShadow: 'none' },
});
const iconSx = (side: 'start' | 'end'): SxProps<Theme> => ({
  display: 'inherit',
  alignItems: 'center',
  ...(side === 'start' ? { mr: 1, ml: '-4px' } : { ml: 1, mr: '-4px' }),
  '&::before': { content: '"\\200b"', width: 0, overflow: 'hidden' },
  '& > *:nth-of-type(1)': { fontSize: 20 },
});

/**
 * The design-system button (spec 9: nine variants × four sizes). Renders a link
 * when given `href`, or `to` with a router `component`.
 */
export function Button({
  variant = 'filled-blue',
  size = 'MD',
  loading = false,
  disabled,
  children,
  startIcon,
  endIcon,
  fullWidth,
  to,
  component,
  href,
  className,
  sx,
  disableFocusRipple,
  disableElevation: _elevation,
  classes: _classes,
  ...rest
}: ButtonProps) {
  const look = LOOKS[variant];
  const routing: Record<string, unknown> = {};
  if (to !== undefined) {
    if (component) {
      routing.component = component;
      routing.to = to;
    } else routing.href = to;
  } else if (component) routing.component = component;
  if (href !== undefined) routing.href = href;
  const start = loading ? <Spinner size={SIZES[size].spinner} color="inherit" aria-hidden /> : startIcon;

  return (
    <ButtonBase
      focusRipple={!disableFocusRipple}
      {...rest}
      {...routing}
      // MUI Button's state classes, for selectors and tests written against them.
      className={[
        'MuiButton-root',
        `MuiButton-${look.base}`,
        'MuiButton-sizeMedium',
        'MuiButton-disableElevation',
        fullWidth && 'MuiButton-fullWidth',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      data-size={size}
      sx={[baseSx, fullWidth ? { width: '100%' } : null, lookSx(variant, size, loading), ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {start && (
        <Box component="span" sx={iconSx('start')}>
          {start}
        </Box>
      )}
      {loading ? LOADING_TEXT : (children as ReactNode)}
      {endIcon && (
        <Box component="span" sx={iconSx('end')}>
          {endIcon}
        </Box>
      )}
    </ButtonBase>
  );
}
