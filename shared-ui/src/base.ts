// shared-ui/base: the design system without MUI, for what a first visit to a public page
// renders before any MUI page: the shell's public chrome and the landing page's first
// screen. Tokens (the MUI theme's own values, tokens.test.ts), the page's baseline styles,
// the button's look, emotion's `styled`, `css`, `keyframes` and `Global`, the formatters and
// the toasts. Shared eagerly (in the shell's main.js); `shared-ui/core` and the MUI tiers are
// lazy and load with the first page that renders MUI. docs/frontend.md.
export { brand, fontFamily, palette, breakpoints, up, space, radius, typography, toolbar, zIndex, transition, container } from './tokens';
export { BaseStyles } from './base-styles';
export { BaseButton, type BaseButtonProps } from './components/base-button';
export { BaseSpinner } from './components/base-spinner';
export { BUTTON_VARIANTS, BUTTON_SIZES, buttonReset, type ButtonVariant, type ButtonSize } from './components/button-looks';
export { default as styled } from '@emotion/styled';
export { css, keyframes, Global } from '@emotion/react';
export { formatNumber, formatMoney, formatPercent, formatDate, type MoneyFormatOptions } from './format';
export { toast, ToastProvider, resetToasts, APP_TOAST_ORIGIN, NOTICE_ORIGIN } from './toast';
export { visuallyHidden } from './a11y';
