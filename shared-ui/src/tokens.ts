// The design system's values without MUI: the public chrome and the landing page's first
// screen are styled with these (and emotion) so a first visit to `/` loads no MUI at all
// (docs/frontend.md, "The public first screen without MUI"). They are the MUI theme's own
// values (theme.ts builds the theme from `brand` and `fontFamily`); tokens.test.ts fails
// when the two disagree.

/** Brand colours, also for places outside the MUI palette (toasts, charts). */
export const brand = {
  navy: '#0A2540',
  navyDeep: '#0A1A2F',
  blue: '#0D47A1',
  blueDark: '#0A3678',
  blueSoft: '#E8F0FB',
  ink: '#0F1B2D',
  muted: '#4A5568',
  surface: '#F6F8FB',
  border: '#E2E8F0',
  green: '#1E7B45',
  greenSoft: '#E7F4EC',
  orange: '#B54708',
  orangeSoft: '#FEF3E7',
  red: '#C62828',
  redSoft: '#FDECEC',
} as const;

export const fontFamily = ['Inter', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(
  ', ',
);

/** The palette entries the first screen uses (theme.palette). */
export const palette = {
  text: { primary: brand.ink, secondary: brand.muted },
  primary: { main: brand.blue },
  background: { default: brand.surface, paper: '#FFFFFF' },
  divider: brand.border,
  action: { active: 'rgba(0, 0, 0, 0.54)', hover: 'rgba(0, 0, 0, 0.04)' },
} as const;

/** MUI's breakpoints (theme.breakpoints.values) and `up(key)` as a media query. */
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const up = (key: keyof typeof breakpoints): string => `@media (min-width:${breakpoints[key]}px)`;

/** theme.spacing: 8 px a unit. */
export const space = (n: number): string => `${n * 8}px`;

/** theme.shape.borderRadius */
export const radius = 10;

/** The theme's typography variants (theme.typography.<variant>, responsive sizes included; fontFamily is on the body). */
export const typography = {
  h1: {
    fontWeight: 700,
    fontSize: '1.7954545454545454rem',
    lineHeight: 1.15,
    letterSpacing: '-0.02em',
    '@media (min-width:600px)': {
      fontSize: '2.1739rem',
    },
    '@media (min-width:900px)': {
      fontSize: '2.6087rem',
    },
    '@media (min-width:1200px)': {
      fontSize: '2.75rem',
    },
  },
  h2: {
    fontWeight: 700,
    fontSize: '1.5113636363636362rem',
    lineHeight: 1.2,
    letterSpacing: '-0.015em',
    '@media (min-width:600px)': {
      fontSize: '1.875rem',
    },
    '@media (min-width:900px)': {
      fontSize: '1.875rem',
    },
    '@media (min-width:1200px)': {
      fontSize: '2.125rem',
    },
  },
  h3: {
    fontWeight: 700,
    fontSize: '1.2840909090909092rem',
    lineHeight: 1.25,
    '@media (min-width:600px)': {
      fontSize: '1.4rem',
    },
    '@media (min-width:900px)': {
      fontSize: '1.6rem',
    },
    '@media (min-width:1200px)': {
      fontSize: '1.625rem',
    },
  },
  h4: {
    fontWeight: 600,
    fontSize: '1.1704545454545454rem',
    lineHeight: 1.3,
    '@media (min-width:600px)': {
      fontSize: '1.3462rem',
    },
    '@media (min-width:900px)': {
      fontSize: '1.3462rem',
    },
    '@media (min-width:1200px)': {
      fontSize: '1.375rem',
    },
  },
  h5: {
    fontWeight: 600,
    fontSize: '1.0568181818181819rem',
    lineHeight: 1.35,
    '@media (min-width:600px)': {
      fontSize: '1.1111rem',
    },
    '@media (min-width:900px)': {
      fontSize: '1.1111rem',
    },
    '@media (min-width:1200px)': {
      fontSize: '1.125rem',
    },
  },
  h6: {
    fontWeight: 600,
    fontSize: '1rem',
    lineHeight: 1.4,
  },
  body1: {
    lineHeight: 1.6,
    fontWeight: 400,
    fontSize: '1rem',
  },
  body2: {
    lineHeight: 1.55,
    fontWeight: 400,
    fontSize: '0.875rem',
  },
  button: {
    fontWeight: 600,
    textTransform: 'none',
    letterSpacing: 0,
    fontSize: '0.875rem',
    lineHeight: 1.75,
  },
} as const;

/** theme.mixins.toolbar: the app bar's height. */
export const toolbar = {
  minHeight: 56,
  '@media (min-width:0px)': {
    '@media (orientation: landscape)': {
      minHeight: 48,
    },
  },
  '@media (min-width:600px)': {
    minHeight: 64,
  },
} as const;

export const zIndex = { appBar: 1100 } as const;

/** MUI's Container: full width up to the breakpoint's width, centred, with the gutters. */
export const container = (maxWidth: 'md' | 'lg') =>
  ({
    width: '100%',
    marginLeft: 'auto',
    marginRight: 'auto',
    boxSizing: 'border-box',
    paddingLeft: space(2),
    paddingRight: space(2),
    [up('sm')]: { paddingLeft: space(3), paddingRight: space(3) },
    [up(maxWidth)]: { maxWidth: breakpoints[maxWidth] },
  }) as const;

/** theme.transitions.create(props, { duration }) */
export const transition = (props: string[], duration: 'shortest' | 'short' = 'short'): string =>
  props.map((p) => `${p} ${duration === 'short' ? 250 : 150}ms cubic-bezier(0.4, 0, 0.2, 1) 0ms`).join(',');
