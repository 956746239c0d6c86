/** @jsxImportSource @emotion/react */
// The design-system button's look (button.tsx: nine variants × four sizes) without MUI, for
// the public chrome and the landing page's first screen, which load no MUI
// (docs/frontend.md). Same colours, sizes, radius, type and focus ring; no ripple. A link
// when given `to` with a router `component`, or `href`; a <button> otherwise.
import type { ElementType, ReactNode } from 'react';
import { css } from '@emotion/react';
import { brand, fontFamily, radius, transition, typography } from '../tokens';
import { LOOKS, SIZES, type ButtonSize, type ButtonVariant } from './button-looks';

export interface BaseButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
  /** Router target; pass the router's Link as `component`. */
  to?: string;
  component?: ElementType;
  href?: string;
  type?: 'button' | 'submit' | 'reset';
  onClick?: () => void;
  disabled?: boolean;
  className?: string;
}

const white = '#FFFFFF';

function styles(variant: ButtonVariant, size: ButtonSize) {
  const look = LOOKS[variant];
  const s = SIZES[size];
  const colors = { color: look.color, backgroundColor: look.bg, borderColor: look.border ?? 'transparent' };
  return css({
    // MUI's ButtonBase root.
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    WebkitTapHighlightColor: 'transparent',
    outline: 0,
    margin: 0,
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    appearance: 'none',
    '&::-moz-focus-inner': { borderStyle: 'none' },
    // The button's own (button.tsx baseSx, then lookSx).
    fontFamily,
    ...typography.button,
    minWidth: look.underline ? 0 : 64,
    border: look.base === 'outlined' ? `1.5px solid ${colors.borderColor}` : 0,
    borderRadius: radius,
    boxShadow: 'none',
    transition: transition(['background-color', 'box-shadow', 'border-color', 'color']),
    ...colors,
    minHeight: s.minHeight,
    fontSize: s.fontSize,
    padding: `4px ${(look.underline ? 0.5 : s.px) * 8}px`,
    lineHeight: 1.25,
    textDecoration: look.underline ? 'underline' : 'none',
    textUnderlineOffset: look.underline ? '0.2em' : undefined,
    '&:hover': {
      backgroundColor: look.hoverBg,
      textDecoration: look.underline ? 'underline' : 'none',
      textDecorationThickness: look.underline ? '2px' : undefined,
      borderColor: colors.borderColor,
    },
    '&:focus-visible': { outline: `3px solid ${look.onDark ? white : brand.blue}`, outlineOffset: 2 },
    '&:disabled': { pointerEvents: 'none', cursor: 'default', opacity: 0.5 },
  });
}

export function BaseButton({ variant = 'filled-blue', size = 'MD', children, to, component, href, type, ...rest }: BaseButtonProps) {
  const look = styles(variant, size);
  const data = { 'data-variant': variant, 'data-size': size };
  if (to !== undefined && component) {
    const C = component;
    return (
      <C css={look} to={to} {...data} {...rest}>
        {children}
      </C>
    );
  }
  if (href !== undefined || to !== undefined)
    return (
      <a css={look} href={href ?? to} {...data} {...rest}>
        {children}
      </a>
    );
  return (
    <button css={look} type={type ?? 'button'} {...data} {...rest}>
      {children}
    </button>
  );
}
