// The MUI-free first screen (tokens.ts) and the MUI theme must look the same: the values
// tokens.ts writes out are read here from the theme itself.
import { theme } from './theme';
import { breakpoints, palette, radius, space, toolbar, transition, typography, zIndex } from './tokens';

const withoutFont = (v: object) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'fontFamily'));

test('palette, breakpoints, spacing, radius, toolbar and z-index are the theme’s', () => {
  expect(palette.text).toEqual({ primary: theme.palette.text.primary, secondary: theme.palette.text.secondary });
  expect(palette.primary.main).toBe(theme.palette.primary.main);
  expect(palette.background).toEqual(theme.palette.background);
  expect(palette.divider).toBe(theme.palette.divider);
  expect(palette.action).toEqual({ active: theme.palette.action.active, hover: theme.palette.action.hover });
  expect(breakpoints).toEqual(theme.breakpoints.values);
  expect([space(1), space(1.5)]).toEqual([theme.spacing(1), theme.spacing(1.5)]);
  expect(radius).toBe(theme.shape.borderRadius);
  expect(toolbar).toEqual(theme.mixins.toolbar);
  expect(zIndex.appBar).toBe(theme.zIndex.appBar);
  expect(transition(['color', 'border-color'])).toBe(
    theme.transitions.create(['color', 'border-color'], { duration: theme.transitions.duration.short }),
  );
  expect(transition(['background-color'], 'shortest')).toBe(
    theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  );
});

test.each(Object.keys(typography) as (keyof typeof typography)[])('typography.%s is the theme’s (responsive sizes included)', (v) => {
  expect(typography[v]).toEqual(withoutFont(theme.typography[v]));
});
