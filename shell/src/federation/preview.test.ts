// Preview pins (?preview=remote@version): published versions only, kept for the tab.
import { chooseRemotes, entryOfVersion, isPublished, type Registry } from './registry';
import { exitPreview, PREVIEW_KEY, previewPins } from './selection';

const registry: Registry = {
  mf_public: {
    stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 5 },
    published: ['0.9.0', '1.0.0', '1.1.0', '1.2.0'],
  },
  mf_admin: { stable: { version: '2.0.0', entry: '/remotes/mf_admin/2.0.0/mf-manifest.json' } },
};

beforeEach(() => sessionStorage.clear());

test("published: the stable, the canary, and the registry's published list", () => {
  expect(isPublished(registry.mf_public, '1.2.0')).toBe(true);
  expect(isPublished(registry.mf_public, '1.3.0')).toBe(false);
  // Without a published list only the live versions can be previewed.
  expect(isPublished(registry.mf_admin, '2.0.0')).toBe(true);
  expect(isPublished(registry.mf_admin, '1.9.0')).toBe(false);
  expect(isPublished(undefined, '1.0.0')).toBe(false);
  expect(entryOfVersion(registry.mf_public!, '1.2.0')).toBe('/remotes/mf_public/1.2.0/mf-manifest.json');
  expect(entryOfVersion(registry.mf_public!, '1.1.0')).toBe('/remotes/mf_public/1.1.0/mf-manifest.json');
});

test('?preview= pins a published version for the tab, and it outlives the query string', () => {
  const first = previewPins('?preview=mf_public@1.2.0', registry, sessionStorage);
  expect(first).toEqual({ pins: { mf_public: '1.2.0' }, refused: [] });
  expect(JSON.parse(sessionStorage.getItem(PREVIEW_KEY)!)).toEqual({ mf_public: '1.2.0' });
  // A later page of the same tab, without the parameter.
  expect(previewPins('', registry, sessionStorage).pins).toEqual({ mf_public: '1.2.0' });
  const chosen = chooseRemotes(registry, 'any-cohort', { mf_public: '1.2.0' });
  expect(chosen.find((c) => c.name === 'mf_public')).toMatchObject({
    channel: 'preview',
    version: '1.2.0',
    entry: '/remotes/mf_public/1.2.0/mf-manifest.json',
    stable: { version: '1.0.0' },
  });
  expect(chosen.find((c) => c.name === 'mf_admin')).toMatchObject({ channel: 'stable', version: '2.0.0' });
  exitPreview(sessionStorage);
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
  expect(previewPins('', registry, sessionStorage).pins).toEqual({});
});

test('unpublished, malformed or unknown versions are refused and not pinned', () => {
  const r = previewPins('?preview=mf_public@9.9.9,mf_admin@1.9.0&preview=nonsense&preview=mf_nobody@1.0.0', registry, sessionStorage);
  expect(r.pins).toEqual({});
  expect(r.refused).toEqual([
    { remote: 'mf_public', version: '9.9.9' },
    { remote: 'mf_admin', version: '1.9.0' },
    { remote: 'nonsense', version: '' },
    { remote: 'mf_nobody', version: '1.0.0' },
  ]);
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
  expect(chooseRemotes(registry, 'x', { mf_public: '9.9.9' }).find((c) => c.name === 'mf_public')!.channel).not.toBe('preview');
});

test('a stored pin of a version no longer published is dropped; garbage in storage is ignored', () => {
  sessionStorage.setItem(PREVIEW_KEY, JSON.stringify({ mf_public: '0.5.0', mf_admin: 2 }));
  expect(previewPins('', registry, sessionStorage).pins).toEqual({});
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
  sessionStorage.setItem(PREVIEW_KEY, '{oops');
  expect(previewPins('', registry, sessionStorage).pins).toEqual({});
});
