import {
  bucket,
  chooseRemotes,
  chosenRemote,
  clientVersions,
  cohortId,
  COHORT_KEY,
  fallBackToStable,
  movedOn,
  onChosenRemotesChange,
  setChosenRemotes,
  type Registry,
} from './registry';

const registry: Registry = {
  mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' } },
  mf_admin: {
    stable: { version: '1.0.0', entry: '/remotes/mf_admin/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_admin/1.1.0/mf-manifest.json', percent: 50 },
  },
};

test('the cohort id is created once and kept', () => {
  localStorage.clear();
  const a = cohortId();
  expect(localStorage.getItem(COHORT_KEY)).toBe(a);
  expect(cohortId()).toBe(a);
});

test('buckets are stable and spread over 0..99', () => {
  expect(bucket('abc', 'mf_admin')).toBe(bucket('abc', 'mf_admin'));
  const seen = new Set(Array.from({ length: 2000 }, (_, i) => bucket(`id-${i}`, 'mf_admin')));
  expect(Math.min(...seen)).toBe(0);
  expect(Math.max(...seen)).toBe(99);
  expect(seen.size).toBe(100);
});

test('a canary at p% takes about p% of cohorts, stickily', () => {
  let canary = 0;
  for (let i = 0; i < 4000; i++) {
    const id = `user-${i}`;
    const first = chooseRemotes(registry, id).find((c) => c.name === 'mf_admin')!;
    const again = chooseRemotes(registry, id).find((c) => c.name === 'mf_admin')!;
    expect(again.version).toBe(first.version);
    if (first.channel === 'canary') canary++;
  }
  expect(canary / 4000).toBeGreaterThan(0.45);
  expect(canary / 4000).toBeLessThan(0.55);
});

test('0% and 100% canaries', () => {
  const at = (percent: number) =>
    chooseRemotes({ mf_admin: { ...registry.mf_admin!, canary: { ...registry.mf_admin!.canary!, percent } } }, 'x');
  expect(at(0)[0]).toMatchObject({ channel: 'stable', version: '1.0.0' });
  expect(at(100)[0]).toMatchObject({ channel: 'canary', version: '1.1.0' });
});

test('a remote without a stable entry is skipped', () => {
  expect(
    chooseRemotes({ mf_owner: {} as never, ...registry }, 'x')
      .map((c) => c.name)
      .sort(),
  ).toEqual(['mf_admin', 'mf_public']);
});

test('a failed canary falls back to stable for the page life, and the client versions follow', () => {
  const canaryId = Array.from({ length: 200 }, (_, i) => `c-${i}`).find((id) => bucket(id, 'mf_admin') < 50)!;
  setChosenRemotes(chooseRemotes(registry, canaryId));
  expect(clientVersions('1.0.0')).toBe('shell@1.0.0,mf_public@1.0.0,mf_admin@1.1.0');
  const changes: string[] = [];
  const off = onChosenRemotesChange(() => changes.push(clientVersions('1.0.0')));
  expect(fallBackToStable('mf_public')).toBeUndefined();
  expect(fallBackToStable('mf_admin')).toMatchObject({
    channel: 'stable',
    version: '1.0.0',
    entry: '/remotes/mf_admin/1.0.0/mf-manifest.json',
  });
  expect(chosenRemote('mf_admin')?.version).toBe('1.0.0');
  expect(changes).toEqual(['shell@1.0.0,mf_public@1.0.0,mf_admin@1.0.0']);
  expect(fallBackToStable('mf_admin')).toBeUndefined();
  off();
  setChosenRemotes([]);
  expect(changes).toHaveLength(1);
});

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
