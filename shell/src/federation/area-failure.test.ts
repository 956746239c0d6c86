// A failed load in a tab the release left behind: whether the registry moved on from its version.
import { chooseRemotes, setChosenRemotes, type Registry } from './registry';
import { movedOn } from './area-failure';

test("movedOn: whether the live registry still serves this tab's version (an old tab's files may be pruned)", async () => {
  const live: Registry = {
    mf_public: {
      stable: { version: '1.2.0', entry: '/remotes/mf_public/1.2.0/mf-manifest.json' },
      canary: { version: '1.3.0', entry: '/remotes/mf_public/1.3.0/mf-manifest.json', percent: 5 },
      published: ['1.1.0', '1.2.0', '1.3.0'],
    },
  };
  const realFetch = global.fetch;
  const fetchMock = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(live) }));
  global.fetch = fetchMock as unknown as typeof fetch;
  try {
    setChosenRemotes(
      chooseRemotes({ mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' } } }, 'x'),
    );
    expect(await movedOn('mf_public', '1.0.0')).toBe(true);
    expect(await movedOn('mf_public', '1.2.0')).toBe(false);
    expect(await movedOn('mf_public', '1.3.0')).toBe(false);
    expect(await movedOn('mf_other', '1.0.0')).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    // A previewed version: moved on once it is no longer published.
    setChosenRemotes(chooseRemotes(live, 'x', { mf_public: '1.1.0' }));
    expect(await movedOn('mf_public', '1.1.0')).toBe(false);
    live.mf_public!.published = ['1.2.0', '1.3.0'];
    expect(await movedOn('mf_public', '1.1.0')).toBe(true);
    // The registry cannot be read: not known to have moved on.
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await movedOn('mf_public', '1.0.0')).toBe(false);
  } finally {
    global.fetch = realFetch;
  }
});
