// BaseStyles must be what MUI's CssBaseline writes for this theme: the first screen (no
// MUI) and a MUI page then start from the same page styles. Both are rendered and the CSS
// they insert is compared declaration by declaration.
import { render } from '@testing-library/react';
import { CssBaseline, ThemeProvider } from './mui-core';
import { BaseStyles } from './base-styles';
import { theme } from './theme';

/** `{ "@media x|body": { "margin": "0", … } }` from emotion's minified CSS text, later declarations winning. */
function declarations(css: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let i = 0;
  const block = (scope: string) => {
    while (i < css.length && css[i] !== '}') {
      const open = css.indexOf('{', i);
      const selector = css.slice(i, open).trim();
      i = open + 1;
      if (selector.startsWith('@')) {
        block(`${scope}${selector}|`);
      } else {
        const close = css.indexOf('}', i);
        const key = `${scope}${selector}`;
        out[key] ??= {};
        for (const d of css.slice(i, close).split(';')) {
          const c = d.indexOf(':');
          if (c > 0) out[key][d.slice(0, c).trim()] = d.slice(c + 1).trim();
        }
        i = close;
      }
      i++;
    }
  };
  block('');
  return out;
}

function insertedCss(ui: React.ReactElement): Record<string, Record<string, string>> {
  document.head.replaceChildren();
  const { unmount } = render(ui);
  const css = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
    .join('')
    .concat([...document.head.querySelectorAll('style')].map((s) => s.textContent ?? '').join(''));
  unmount();
  return declarations(css);
}

test('BaseStyles declares exactly what CssBaseline declares under the theme', () => {
  const mui = insertedCss(
    <ThemeProvider theme={theme}>
      <CssBaseline />
    </ThemeProvider>,
  );
  const base = insertedCss(<BaseStyles />);
  expect(Object.keys(mui).length).toBeGreaterThan(5);
  expect(base).toEqual(mui);
});

test('the comparison reads every rule, nested ones too', () => {
  const base = insertedCss(<BaseStyles />);
  expect(base.body).toMatchObject({ margin: '0', color: '#0F1B2D', 'background-color': '#F6F8FB' });
  expect(base['@media (prefers-reduced-motion: reduce)|*,*::before,*::after']).toMatchObject({
    'transition-duration': '0.01ms !important',
  });
});
