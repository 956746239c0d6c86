/** @jsxImportSource @emotion/react */
// The design-system button's look (button.tsx: nine variants × four sizes) without MUI, for
// the public chrome and the landing page's first screen, which load no MUI
// (docs/frontend.md). Same colours, sizes, radius, type and focus ring; no ripple. A link
// when given `to` with a router `component`, or `href`; a <button> otherwise.
import type { ElementType, ReactNode } from 'react';
import { css } from '@emotion/react';
import { fontFamily, radius, transition, typography } from '../tokens';
import { buttonReset, lookStyles, type ButtonSize, type ButtonVariant } from './button-looks';

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

function styles(variant: ButtonVariant, size: ButtonSize) {
  // In order, as MUI applies them: ButtonBase's reset, the button's own (button.tsx baseSx),
  // the variant's look. Separate objects, so a look's unset value keeps the one before it.
  return css([
    buttonReset,
    {
      fontFamily,
      ...typography.button,
      minWidth: 64,
      border: 0,
      borderRadius: radius,
      boxShadow: 'none',
      transition: transition(['background-color', 'box-shadow', 'border-color', 'color']),
    },
    lookStyles(variant, size, { focus: '&:focus-visible', disabled: '&:disabled' }),
    { '&:disabled': { pointerEvents: 'none', cursor: 'default' } },
  ]);
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
