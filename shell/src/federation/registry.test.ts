import {
  bucket,
  chooseRemotes,
  chosenRemote,
  clientVersions,
  cohortId,
  COHORT_KEY,
  fallBackToStable,
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
