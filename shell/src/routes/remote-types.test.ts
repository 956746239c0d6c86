// The route table's check against the remotes' types (remote-modules.ts, PageOf), as types:
// `npm run typecheck` checks this file, and each @ts-expect-error must be an error.
import type { PageOf, PagesOf } from './route-table';

type Modules = {
  Plain: { default: () => null };
  OptionalProps: { default: (props: { tab?: string }) => null };
  NeedsProps: { default: (props: { id: string }) => null };
  NoDefault: { Page: () => null };
};

test('a page is an exposed module whose default export needs no props', () => {
  const pages: PagesOf<Modules>[] = ['Plain', 'OptionalProps'];
  // @ts-expect-error -- its default export requires props: RemotePage renders <Page /> without any
  const needsProps: PagesOf<Modules> = 'NeedsProps';
  // @ts-expect-error -- no default export
  const noDefault: PagesOf<Modules> = 'NoDefault';
  // @ts-expect-error -- not exposed at all
  const missing: PagesOf<Modules> = 'Missing';
  expect([...pages, needsProps, noDefault, missing]).toHaveLength(5);
});

test('the real remotes: what they expose is a page, what they do not is an error', () => {
  const landing: PageOf<'mf_public'> = 'Landing';
  const audit: PageOf<'mf_admin'> = 'Audit';
  // @ts-expect-error -- mf_public does not expose Audit (mf_admin does)
  const wrongRemote: PageOf<'mf_public'> = 'Audit';
  expect([landing, audit, wrongRemote]).toEqual(['Landing', 'Audit', 'Audit']);
});
