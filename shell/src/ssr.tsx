// The shell's part of a server-rendered public page: the public chrome (header, main,
// footer) around a slot the API server fills with the page mf_public's server build
// renders (mf-public/src/ssr.tsx). A Node build of this file ships with each shell version
// (dist/<version>/ssr/render.js). docs/frontend.md, "Public pages as HTML".
import { PAGE_SLOT, renderWithStyles, type RenderedHtml } from 'shared-ui/ssr';
import { PublicLayout } from './chrome/PublicLayout';

/** The public chrome at `url` (a visitor's view: the server does not know who is signed in), with PAGE_SLOT where the page goes. */
export function renderChrome(url: string): RenderedHtml & { slot: string } {
  return { ...renderWithStyles(url, <PublicLayout>{PAGE_SLOT}</PublicLayout>), slot: PAGE_SLOT };
}
