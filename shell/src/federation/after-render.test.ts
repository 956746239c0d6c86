// Errors thrown outside React after a remote's page rendered: whose they are (the failing
// script's version folder, or the folder of a manifest the page registered), counted against
// that remote and version, and handed to that remote's area of that version only.
import { chooseRemotes, setChosenRemotes, type Registry } from './registry';
import { failAndFallBack, resetFallbacks } from './fallback';
import { recordLoad, resetHealth, takeReport } from './health';
import { attribute, containRemoteError, remoteOfUrl } from './after-render';
import { watchArea } from './areas';

const registry: Registry = {
  mf_public: {
    stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 100 },
  },
  mf_admin: { stable: { version: '2.0.0', entry: '/__dev/mf_admin/mf-manifest.json' } },
};
const origin = window.location.origin;

/** An error as Chromium writes its stack, with these frames (top first). */
function thrown(message: string, ...frames: string[]): Error {
  const e = new Error(message);
  e.stack = [`Error: ${message}`, ...frames.map((f, i) => `    at f${i} (${f}:1:${100 + i})`)].join('\n');
  return e;
}
const shellFile = `${origin}/shell/1.0.0/main.3f2a.js`;
const reactDom = `${origin}/shell/1.0.0/react-dom.9a1b.js`;

beforeEach(() => {
  resetHealth();
  resetFallbacks();
  setChosenRemotes(chooseRemotes(registry, 'any'));
});

describe('attribution', () => {
  test('a file under /remotes/<name>/<version>/ is that version of that remote, whatever the version in use', () => {
    expect(remoteOfUrl(`${origin}/remotes/mf_public/1.1.0/__federation_expose_About.js`)).toEqual({
      remote: 'mf_public',
      version: '1.1.0',
    });
    expect(remoteOfUrl(`https://cdn.example/remotes/mf_public/1.0.0/412.js`)).toEqual({ remote: 'mf_public', version: '1.0.0' });
    // A remote this page does not know, and the shell's own files: nobody's.
    expect(remoteOfUrl(`${origin}/remotes/mf_unknown/1.0.0/1.js`)).toBeNull();
    expect(remoteOfUrl(shellFile)).toBeNull();
  });

  test('a remote served from the folder of its registered manifest (the dev loop) is the version in use', () => {
    expect(remoteOfUrl(`${origin}/__dev/mf_admin/src_exposes_Users.js`)).toEqual({ remote: 'mf_admin', version: '2.0.0' });
    expect(remoteOfUrl(`${origin}/__dev/mf_other/x.js`)).toBeNull();
  });

  test("the topmost frame in a remote's file decides: a remote handler calling into the shell's shared code is the remote's", () => {
    const e = thrown('boom', reactDom, `${origin}/remotes/mf_public/1.1.0/about.js`, reactDom);
    expect(attribute(e)).toEqual({ remote: 'mf_public', version: '1.1.0' });
    expect(attribute(thrown('boom', shellFile, reactDom))).toBeNull();
    // No stack (a string thrown, a cross-origin "Script error."): the event's file.
    expect(attribute('boom', `${origin}/remotes/mf_public/1.0.0/about.js`)).toEqual({ remote: 'mf_public', version: '1.0.0' });
    expect(attribute('boom', shellFile)).toBeNull();
    expect(attribute(undefined)).toBeNull();
  });
});

describe('containment', () => {
  test("a remote's error is counted once against its version and shown by its areas of that version only", () => {
    recordLoad('mf_public', '1.1.0', 'canary');
    const [canaryArea, stableArea, adminArea] = [jest.fn(), jest.fn(), jest.fn()];
    const stops = [
      watchArea('mf_public', '1.1.0', canaryArea),
      watchArea('mf_public', '1.0.0', stableArea),
      watchArea('mf_admin', '2.0.0', adminArea),
    ];
    const e = thrown('clicked', `${origin}/remotes/mf_public/1.1.0/about.js`, reactDom);
    expect(containRemoteError(e, undefined, 'error')).toBe(true);
    expect(containRemoteError(thrown('again', `${origin}/remotes/mf_public/1.1.0/about.js`), undefined, 'rejection')).toBe(true);
    expect(canaryArea).toHaveBeenCalledWith(e);
    expect(canaryArea).toHaveBeenCalledTimes(2);
    expect(stableArea).not.toHaveBeenCalled();
    expect(adminArea).not.toHaveBeenCalled();
    expect(takeReport()!.items).toEqual([
      expect.objectContaining({
        remote: 'mf_public',
        version: '1.1.0',
        channel: 'canary',
        loads: 1,
        errors: 1,
        failures: 0,
        detail: 'error after render: clicked',
      }),
    ]);
    stops.forEach((stop) => stop());
    containRemoteError(thrown('later', `${origin}/remotes/mf_public/1.1.0/about.js`), undefined, 'error');
    expect(canaryArea).toHaveBeenCalledTimes(2);
  });

  test('an unhandled rejection of a remote is counted as such', () => {
    expect(containRemoteError(thrown('no catch', `${origin}/__dev/mf_admin/users.js`), undefined, 'rejection')).toBe(true);
    expect(takeReport()!.items).toEqual([
      expect.objectContaining({
        remote: 'mf_admin',
        version: '2.0.0',
        channel: 'stable',
        errors: 1,
        detail: 'unhandled rejection: no catch',
      }),
    ]);
  });

  test("a canary's leftover timer after its fallback is still the canary's", () => {
    failAndFallBack('mf_public', 'failed at onLoad: x', () => undefined);
    takeReport();
    containRemoteError(thrown('timer', `${origin}/remotes/mf_public/1.1.0/about.js`), undefined, 'error');
    expect(takeReport()!.items).toEqual([expect.objectContaining({ version: '1.1.0', channel: 'canary', errors: 1 })]);
  });

  test("the shell's own errors and errors nobody can attribute are left to the global screen", () => {
    const area = jest.fn();
    const stop = watchArea('mf_public', '1.1.0', area);
    expect(containRemoteError(thrown('shell bug', shellFile, reactDom), shellFile, 'error')).toBe(false);
    expect(containRemoteError('Script error.', '', 'error')).toBe(false);
    expect(area).not.toHaveBeenCalled();
    expect(takeReport()).toBeNull();
    stop();
  });
});
