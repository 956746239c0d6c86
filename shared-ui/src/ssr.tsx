// Server rendering for the public pages (docs/frontend.md, "Public pages as HTML").
// Used only by the Node builds (`*/src/ssr.tsx`, tools/webpack/ssr-config.cjs), never by a
// browser bundle: it names React DOM's server renderer, React Router's StaticRouter and
// emotion's cache, which the browser builds must not carry.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
// eslint-disable-next-line no-restricted-imports -- the server's router: this entry never reaches a browser bundle
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { AppThemeProvider } from './theme-provider';

export interface RenderedHtml {
  html: string;
  /** The emotion rules the markup uses, by id (`css-1abc`'s `1abc`): the server merges and dedupes them. */
  styles: Record<string, string>;
}

/**
 * Renders `element` under the platform theme and a router at `url`, collecting its styles
 * instead of inlining them next to the markup (emotion's `compat` mode, as @emotion/server
 * does): the page's CSS goes into <head>, so no `:first-child` rule sees a stray <style>.
 */
export function renderWithStyles(url: string, element: ReactNode): RenderedHtml {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppThemeProvider>
        <StaticRouter location={url}>{element}</StaticRouter>
      </AppThemeProvider>
    </CacheProvider>,
  );
  const styles: Record<string, string> = {};
  for (const [id, rules] of Object.entries(cache.inserted)) if (typeof rules === 'string') styles[id] = rules;
  return { html, styles };
}

/** The text the shell's SSR chrome renders where the page goes: the server splices the page's HTML in. */
export const PAGE_SLOT = '@@TESSERA_PAGE_SLOT@@';
