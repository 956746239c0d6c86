// The design-system button's variants and sizes (spec 9), shared by the MUI button
// (button.tsx) and the MUI-free one of the first screen (base-button.tsx).
import { brand } from '../tokens';

export const BUTTON_VARIANTS = [
  'filled-blue',
  'filled-white',
  'filled-red',
  'text',
  'text-blue',
  'outline-white',
  'outline-blue',
  'underline-blue',
  'underline-white',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['XS', 'SM', 'MD', 'LG'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export interface Look {
  base: 'contained' | 'outlined' | 'text';
  color: string;
  bg: string;
  border?: string;
  hoverBg: string;
  underline?: boolean;
  /** Meant for dark backgrounds: a white focus ring. */
  onDark?: boolean;
}

const white = '#FFFFFF';
export const LOOKS: Record<ButtonVariant, Look> = {
  'filled-blue': { base: 'contained', color: white, bg: brand.blue, hoverBg: brand.blueDark },
  'filled-white': { base: 'contained', color: brand.blue, bg: white, hoverBg: brand.blueSoft, onDark: true },
  'filled-red': { base: 'contained', color: white, bg: brand.red, hoverBg: '#A51F1F' },
  text: { base: 'text', color: brand.ink, bg: 'transparent', hoverBg: 'rgba(15, 27, 45, 0.06)' },
  'text-blue': { base: 'text', color: brand.blue, bg: 'transparent', hoverBg: brand.blueSoft },
  'outline-white': {
    base: 'outlined',
    color: white,
    bg: 'transparent',
    border: 'rgba(255, 255, 255, 0.85)',
    hoverBg: 'rgba(255, 255, 255, 0.12)',
    onDark: true,
  },
  'outline-blue': { base: 'outlined', color: brand.blue, bg: 'transparent', border: brand.blue, hoverBg: brand.blueSoft },
  'underline-blue': { base: 'text', color: brand.blue, bg: 'transparent', hoverBg: 'transparent', underline: true },
  'underline-white': { base: 'text', color: white, bg: 'transparent', hoverBg: 'transparent', underline: true, onDark: true },
};

export const SIZES: Record<ButtonSize, { minHeight: number; px: number; fontSize: string; spinner: number }> = {
  XS: { minHeight: 28, px: 1.25, fontSize: '0.75rem', spinner: 12 },
  SM: { minHeight: 36, px: 2, fontSize: '0.875rem', spinner: 14 },
  MD: { minHeight: 44, px: 2.75, fontSize: '0.9375rem', spinner: 16 },
  LG: { minHeight: 52, px: 3.5, fontSize: '1rem', spinner: 18 },
};

/** What a variant and size look like, as plain CSS (MUI's sx takes it as it is). */
export function lookStyles(
  variant: ButtonVariant,
  size: ButtonSize,
  /** The state selectors: MUI's classes for the MUI button, the pseudo-classes without MUI. */
  state: { focus: string; disabled: string },
  loading = false,
) {
  const look = LOOKS[variant];
  const s = SIZES[size];
  const colors = { color: look.color, backgroundColor: look.bg, borderColor: look.border ?? 'transparent' };
  return {
    ...colors,
    minHeight: s.minHeight,
    fontSize: s.fontSize,
    padding: `4px ${(look.underline ? 0.5 : s.px) * 8}px`,
    minWidth: look.underline ? 0 : undefined,
    lineHeight: 1.25,
    border: look.base === 'outlined' ? `1.5px solid ${colors.borderColor}` : undefined,
    textDecoration: look.underline ? 'underline' : 'none',
    textUnderlineOffset: look.underline ? '0.2em' : undefined,
    '&:hover': {
      backgroundColor: look.hoverBg,
      textDecoration: look.underline ? 'underline' : 'none',
      textDecorationThickness: look.underline ? '2px' : undefined,
      borderColor: colors.borderColor,
    },
    [state.focus]: { outline: `3px solid ${look.onDark ? white : brand.blue}`, outlineOffset: 2 },
    // A loading button keeps its colours (readable "Loading..."); a disabled one fades.
    [state.disabled]: loading ? { ...colors, opacity: 0.85 } : { ...colors, opacity: 0.5 },
  };
}

/** MUI's ButtonBase root: a button or link with no browser styling, for the buttons made without MUI. */
export const buttonReset = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  WebkitTapHighlightColor: 'transparent',
  backgroundColor: 'transparent',
  outline: 0,
  border: 0,
  margin: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  appearance: 'none',
  textDecoration: 'none',
  '&::-moz-focus-inner': { borderStyle: 'none' },
} as const;
