// A failed canary (or preview) falls back to stable once, and the failure is its own.
import { chooseRemotes, chosenRemote, setChosenRemotes, type Registry } from './registry';
import { failAndFallBack, resetFallbacks } from './fallback';
import { resetHealth, takeReport } from './health';

const registry: Registry = {
  mf_public: {
    stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 100 },
  },
  mf_admin: { stable: { version: '2.0.0', entry: '/remotes/mf_admin/2.0.0/mf-manifest.json' } },
};

beforeEach(() => {
  resetHealth();
  resetFallbacks();
  setChosenRemotes(chooseRemotes(registry, 'any'));
});

test('a canary failure is recorded against the canary, then the stable build is registered in its place', () => {
  const register = jest.fn();
  expect(chosenRemote('mf_public')).toMatchObject({ channel: 'canary', version: '1.1.0' });
  expect(failAndFallBack('mf_public', 'failed at onLoad: boom', register)).toMatchObject({ channel: 'stable', version: '1.0.0' });
  expect(register).toHaveBeenCalledWith([{ name: 'mf_public', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' }], { force: true });
  expect(chosenRemote('mf_public')).toMatchObject({ channel: 'stable', version: '1.0.0' });
  // The stable build failing as well is the stable's own failure, and there is no second fallback.
  expect(failAndFallBack('mf_public', 'failed at onLoad: stable too', register)).toBeNull();
  expect(register).toHaveBeenCalledTimes(1);
  expect(takeReport()!.items).toEqual([
    expect.objectContaining({ remote: 'mf_public', version: '1.1.0', channel: 'canary', failures: 1, loads: 0, errors: 0 }),
    expect.objectContaining({ remote: 'mf_public', version: '1.0.0', channel: 'stable', failures: 1 }),
  ]);
});

test("a render error of a canary's first page is an error of the canary, and falls back", () => {
  const register = jest.fn();
  expect(failAndFallBack('mf_public', 'error while rendering: x', register, 'error')).not.toBeNull();
  expect(takeReport()!.items).toEqual([expect.objectContaining({ version: '1.1.0', channel: 'canary', errors: 1, failures: 0 })]);
});

test('a stable failure has nothing to fall back to', () => {
  const register = jest.fn();
  expect(failAndFallBack('mf_admin', 'failed', register)).toBeNull();
  expect(register).not.toHaveBeenCalled();
  expect(takeReport()!.items).toEqual([expect.objectContaining({ remote: 'mf_admin', version: '2.0.0', channel: 'stable', failures: 1 })]);
  expect(failAndFallBack('mf_nobody', 'failed', register)).toBeNull();
});
