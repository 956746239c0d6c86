// The release tool on fake builds in a temporary folder: validation, atomic writes,
// the verbs and their history, and the CLI's refusals.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requiredModules } from '../../shell/src/routes/route-table';
import * as release from './index';

const CLI = path.join(__dirname, 'cli.mjs');
const REQUIRED: Record<string, string[]> = { mf_public: ['Landing', 'About'], mf_admin: ['Overview'] };
const HOST = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  'shared-api': { version: '0.1.0', requiredVersion: '^0.1.0' },
};

interface Shared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}
interface Fake {
  name: string;
  version: string;
  exposes?: string[];
  shared?: Shared[];
  shell?: boolean;
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-release-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A build folder shaped like webpack's output: manifest, entry, one chunk per module. */
function fakeBuild(o: Fake, dir = path.join(tmp, 'builds', `${o.name}-${o.version}-${Math.random().toString(36).slice(2, 6)}`)): string {
  fs.mkdirSync(dir, { recursive: true });
  const exposes = (o.exposes ?? []).map((m, i) => {
    const file = `__federation_expose_${m}.${(0x10000000 + i).toString(16)}.js`;
    fs.writeFileSync(path.join(dir, file), `/* ${o.name} ${o.version} ${m} */`);
    return { id: `${o.name}:${m}`, name: m, path: `./${m}`, assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } };
  });
  const shared = (o.shared ?? [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }]).map((s, i) => {
    const file = `${100 + i}.aaaa000${i}.js`;
    fs.writeFileSync(path.join(dir, file), `/* ${s.name} */`);
    return { singleton: true, ...s, assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } };
  });
  const manifest = {
    id: o.name,
    name: o.name,
    metaData: { name: o.name, buildInfo: { buildVersion: o.version }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared,
    remotes: [],
    exposes,
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (o.shell) {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><script defer src="/shell/${o.version}/main.js"></script><div id="root"></div>`,
    );
    fs.writeFileSync(path.join(dir, 'main.js'), `/* shell ${o.version} */`);
  } else {
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${o.name};`);
  }
  return dir;
}

const good = (version: string) => fakeBuild({ name: 'mf_public', version, exposes: ['Landing', 'About', 'Extra'] });
const opts = { required: REQUIRED, hostShared: HOST, user: 'tester' };
const root = () => path.join(tmp, 'releases');
const registryText = () => fs.readFileSync(path.join(root(), 'remotes.json'), 'utf8');

describe('validation', () => {
  const validate = (dir: string, remote = 'mf_public', version?: string) =>
    release.validateBuild({ dir, remote, version, required: REQUIRED, hostShared: HOST });

  test('a complete build that exposes every required module passes', () => {
    expect(validate(good('1.0.0'), 'mf_public', '1.0.0')).toEqual([]);
  });

  test('a missing manifest is refused', () => {
    const dir = good('1.0.0');
    fs.rmSync(path.join(dir, 'mf-manifest.json'));
    expect(validate(dir)).toEqual([expect.stringMatching(/no mf-manifest\.json/)]);
  });

  test('a module the route table needs but the build does not expose is refused', () => {
    const dir = fakeBuild({ name: 'mf_public', version: '1.0.0', exposes: ['Landing'] });
    expect(validate(dir)).toEqual([expect.stringMatching(/does not expose \.\/About/)]);
  });

  test('a singleton outside the shell’s range is refused, in both directions', () => {
    const older = fakeBuild({
      name: 'mf_public',
      version: '1.0.0',
      exposes: ['Landing', 'About'],
      shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1' }],
    });
    const problems = validate(older);
    expect(problems).toContainEqual(expect.stringMatching(/shares react@18\.3\.1, the shell requires \^19\.3\.1/));
    expect(problems).toContainEqual(expect.stringMatching(/requires react \^18\.3\.1, the shell provides 19\.3\.1/));
    const newerMinor = fakeBuild({
      name: 'mf_public',
      version: '1.0.0',
      exposes: ['Landing', 'About'],
      shared: [{ name: 'react', version: '19.4.0', requiredVersion: '^19.3.0' }],
    });
    expect(validate(newerMinor)).toEqual([]);
    const notSingleton = fakeBuild({
      name: 'mf_public',
      version: '1.0.0',
      exposes: ['Landing', 'About'],
      shared: [{ name: 'react', version: '18.0.0', singleton: false }],
    });
    expect(validate(notSingleton)).toEqual([]);
  });

  test('files the manifest lists must exist; the manifest must be this remote’s and this version’s', () => {
    const dir = good('1.0.0');
    fs.rmSync(
      path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.startsWith('__federation_expose_About'))!,
      ),
    );
    expect(validate(dir, 'mf_public', '1.0.0')).toEqual([
      expect.stringMatching(/files the manifest lists are missing: __federation_expose_About/),
    ]);
    expect(validate(good('1.0.0'), 'mf_admin')).toContainEqual(expect.stringMatching(/is for "mf_public", not "mf_admin"/));
    expect(validate(good('1.0.0'), 'mf_public', '2.0.0')).toContainEqual(
      expect.stringMatching(/says version 1\.0\.0, the release is 2\.0\.0/),
    );
  });

  test('a shell build must load its own version’s main.js', () => {
    const dir = fakeBuild({ name: 'shell', version: '1.0.0', shell: true });
    expect(validate(dir, 'shell', '1.0.0')).toEqual([]);
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/shell/0.9.0/main.js"></script>');
    expect(validate(dir, 'shell', '1.0.0')).toContainEqual(expect.stringMatching(/does not load \/shell\/1\.0\.0\/main\.js/));
  });

  test('caret ranges', () => {
    expect(release.satisfies('19.3.1', '^19.3.1')).toBe(true);
    expect(release.satisfies('19.10.0', '^19.3.1')).toBe(true);
    expect(release.satisfies('19.3.0', '^19.3.1')).toBe(false);
    expect(release.satisfies('20.0.0', '^19.3.1')).toBe(false);
    expect(release.satisfies('0.1.5', '^0.1.0')).toBe(true);
    expect(release.satisfies('0.2.0', '^0.1.0')).toBe(false);
  });
});

describe('verbs and history', () => {
  test('publish copies the build; the first release becomes stable; a version is never overwritten', () => {
    const r = release.publish(root(), 'mf_public', { ...opts, from: good('1.0.0') });
    expect(r).toMatchObject({ version: '1.0.0', stable: true });
    expect(fs.existsSync(path.join(root(), 'mf_public/1.0.0/remoteEntry.js'))).toBe(true);
    expect(JSON.parse(registryText())).toEqual({
      mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' }, published: ['1.0.0'] },
    });

    const before = fs.readFileSync(path.join(root(), 'mf_public/1.0.0/remoteEntry.js'), 'utf8');
    const again = fakeBuild({ name: 'mf_public', version: '1.0.0', exposes: ['Landing', 'About', 'Changed'] });
    expect(() => release.publish(root(), 'mf_public', { ...opts, from: again })).toThrow(/1\.0\.0 is already published/);
    expect(fs.readFileSync(path.join(root(), 'mf_public/1.0.0/remoteEntry.js'), 'utf8')).toBe(before);

    expect(release.publish(root(), 'mf_public', { ...opts, from: good('1.1.0') })).toMatchObject({ stable: false });
    expect(JSON.parse(registryText()).mf_public.stable.version).toBe('1.0.0');
    // Every registry change writes the published versions (the API accepts telemetry for these only).
    expect(JSON.parse(registryText()).mf_public.published).toEqual(['1.0.0', '1.1.0']);
    expect(fs.readdirSync(path.join(root(), 'mf_public')).sort()).toEqual(['1.0.0', '1.1.0']);
  });

  test('canary, promote and rollback move the registry and are recorded in history', () => {
    release.publish(root(), 'mf_public', { ...opts, from: good('1.0.0') });
    release.publish(root(), 'mf_public', { ...opts, from: good('1.1.0') });
    release.publish(root(), 'mf_public', { ...opts, from: good('1.2.0') });
    const reg = () => JSON.parse(registryText()).mf_public;

    release.canary(root(), 'mf_public', '1.1.0', '10', opts);
    expect(reg()).toEqual({
      stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
      canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 10 },
      published: ['1.0.0', '1.1.0', '1.2.0'],
    });
    // A rollback with a canary running ends the canary.
    expect(release.rollback(root(), 'mf_public', opts)).toMatchObject({ channel: 'canary', from: '1.1.0', to: '1.0.0' });
    expect(reg().canary).toBeUndefined();

    release.canary(root(), 'mf_public', '1.1.0', 50, opts);
    release.promote(root(), 'mf_public', undefined, opts);
    expect(reg()).toMatchObject({ stable: { version: '1.1.0' }, previous: ['1.0.0'] });
    expect(reg().canary).toBeUndefined();
    release.canary(root(), 'mf_public', '1.2.0', 100, opts);
    release.promote(root(), 'mf_public', undefined, opts);
    expect(reg()).toMatchObject({ stable: { version: '1.2.0' }, previous: ['1.0.0', '1.1.0'] });

    // Rollbacks walk back through the earlier stables, one at a time.
    expect(release.rollback(root(), 'mf_public', opts)).toMatchObject({ channel: 'stable', from: '1.2.0', to: '1.1.0' });
    expect(release.rollback(root(), 'mf_public', opts)).toMatchObject({ channel: 'stable', from: '1.1.0', to: '1.0.0' });
    expect(() => release.rollback(root(), 'mf_public', opts)).toThrow(/no earlier stable version/);
    expect(reg()).toEqual({
      stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
      published: ['1.0.0', '1.1.0', '1.2.0'],
    });

    const history = release.readHistory(root());
    expect(history.map((h) => `${h.verb} ${h.from ?? '-'}→${h.to}`)).toEqual([
      'publish -→1.0.0',
      'publish -→1.1.0',
      'publish -→1.2.0',
      'canary 1.0.0→1.1.0',
      'rollback 1.1.0→1.0.0',
      'canary 1.0.0→1.1.0',
      'promote 1.0.0→1.1.0',
      'canary 1.1.0→1.2.0',
      'promote 1.1.0→1.2.0',
      'rollback 1.2.0→1.1.0',
      'rollback 1.1.0→1.0.0',
    ]);
    for (const h of history) {
      expect(h).toEqual(expect.objectContaining({ time: expect.any(String), remote: 'mf_public', user: 'tester' }));
      expect(Number.isNaN(Date.parse(h.time))).toBe(false);
    }
    expect(history[3].percent).toBe(10);
    // Every version is still on disk: open tabs keep loading their chunks.
    expect(release.published(root(), 'mf_public')).toEqual(['1.0.0', '1.1.0', '1.2.0']);
  });

  test('a failing validation leaves the live registry and the history untouched', () => {
    release.publish(root(), 'mf_public', { ...opts, from: good('1.0.0') });
    release.publish(root(), 'mf_public', { ...opts, from: good('1.1.0') });
    const registryFile = path.join(root(), 'remotes.json');
    const before = {
      text: registryText(),
      ino: fs.statSync(registryFile).ino,
      history: fs.readFileSync(path.join(root(), 'history.jsonl'), 'utf8'),
    };

    // 1.1.0 lost a file after it was published: it may not go live.
    const dir = path.join(root(), 'mf_public/1.1.0');
    fs.rmSync(
      path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.startsWith('__federation_expose_Landing'))!,
      ),
    );
    expect(() => release.canary(root(), 'mf_public', '1.1.0', 10, opts)).toThrow(
      /refused: mf_public 1\.1\.0[\s\S]*missing: __federation_expose_Landing/,
    );
    // The shell now needs a module 1.1.0 does not expose.
    expect(() => release.promote(root(), 'mf_public', '1.1.0', { ...opts, required: { mf_public: ['Landing', 'Brand-new'] } })).toThrow(
      /does not expose \.\/Brand-new/,
    );
    expect(() => release.canary(root(), 'mf_public', '9.9.9', 10, opts)).toThrow(
      /9\.9\.9 is not published \(published: 1\.0\.0, 1\.1\.0\)/,
    );
    expect(() => release.canary(root(), 'mf_public', '1.1.0', 101, opts)).toThrow(/percent must be a whole number from 0 to 100/);
    expect(() => release.canary(root(), 'mf_public', '1.0.0', 10, opts)).toThrow(/already the stable version/);
    expect(() =>
      release.publish(root(), 'mf_public', { ...opts, from: fakeBuild({ name: 'mf_public', version: '2.0.0', exposes: ['Landing'] }) }),
    ).toThrow(/does not expose \.\/About/);
    expect(fs.existsSync(path.join(root(), 'mf_public/2.0.0'))).toBe(false);

    expect(registryText()).toBe(before.text);
    expect(fs.statSync(registryFile).ino).toBe(before.ino);
    expect(fs.readFileSync(path.join(root(), 'history.jsonl'), 'utf8')).toBe(before.history);
    expect(fs.readdirSync(root()).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  test('the shell: first publish writes index.html; promote and rollback swap it', () => {
    release.publish(root(), 'shell', { ...opts, from: fakeBuild({ name: 'shell', version: '1.0.0', shell: true }) });
    expect(fs.readFileSync(path.join(root(), 'index.html'), 'utf8')).toContain('/shell/1.0.0/main.js');
    release.publish(root(), 'shell', { ...opts, from: fakeBuild({ name: 'shell', version: '1.1.0', shell: true }) });
    expect(release.liveShellVersion(root())).toBe('1.0.0');
    expect(() => release.canary(root(), 'shell', '1.1.0', 10, opts)).toThrow(/the shell has no canary/);
    release.promote(root(), 'shell', '1.1.0', opts);
    expect(release.liveShellVersion(root())).toBe('1.1.0');
    expect(release.readShellState(root())).toMatchObject({ stable: { version: '1.1.0' }, previous: ['1.0.0'] });
    release.rollback(root(), 'shell', opts);
    expect(release.liveShellVersion(root())).toBe('1.0.0');
    expect(() => release.rollback(root(), 'shell', opts)).toThrow(/no earlier stable version/);
  });

  test('a remote is checked against the live shell’s singletons; a new shell against the live remotes', () => {
    const shellShared = [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }];
    release.publish(root(), 'shell', {
      required: REQUIRED,
      user: 'tester',
      from: fakeBuild({ name: 'shell', version: '1.0.0', shell: true, shared: shellShared }),
    });
    const old = fakeBuild({
      name: 'mf_public',
      version: '1.0.0',
      exposes: ['Landing', 'About'],
      shared: [{ name: 'react', version: '18.2.0', requiredVersion: '^18.2.0' }],
    });
    expect(() => release.publish(root(), 'mf_public', { required: REQUIRED, from: old })).toThrow(
      /shares react@18\.2\.0, the shell requires \^19\.3\.1/,
    );
    release.publish(root(), 'mf_public', { required: REQUIRED, from: good('1.0.0') });
    const react20 = fakeBuild({
      name: 'shell',
      version: '2.0.0',
      shell: true,
      shared: [{ name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' }],
    });
    release.publish(root(), 'shell', { required: REQUIRED, from: react20 });
    expect(() => release.promote(root(), 'shell', '2.0.0', { required: REQUIRED })).toThrow(
      /mf_public 1\.0\.0 \(live\): shares react@19\.3\.1, the shell requires \^20\.0\.0/,
    );
    expect(release.liveShellVersion(root())).toBe('1.0.0');
  });

  test('one change at a time: a held lock makes a second command wait, then refuse', () => {
    fs.mkdirSync(root(), { recursive: true });
    // A live process other than us holds it (our parent: alive for the whole test).
    fs.writeFileSync(path.join(root(), '.release.lock'), String(process.ppid));
    const t = Date.now();
    expect(() => release.withLock(root(), () => 1, { timeoutMs: 300 })).toThrow(/another release command .* holds/);
    expect(Date.now() - t).toBeGreaterThanOrEqual(300);
    // A lock left by a dead process of this host, older than staleMs, is taken over.
    fs.writeFileSync(
      path.join(root(), '.release.lock'),
      JSON.stringify({ host: os.hostname(), pid: 999999, time: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(release.withLock(root(), () => 42)).toBe(42);
    expect(fs.existsSync(path.join(root(), '.release.lock'))).toBe(false);
  });
});

describe('atomic writes', () => {
  test('a reader polling the file never sees a partial registry', async () => {
    const file = path.join(tmp, 'remotes.json');
    // Big enough that a plain write takes several syscalls.
    const content = (i: number) => `${JSON.stringify({ i, pad: 'x'.repeat(4 << 20) })}\n`;
    release.writeFileAtomic(file, content(0));
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `
      const fs = require('fs'); let reads = 0, bad = 0;
      const end = Date.now() + 60000;
      process.stdin.on('data', () => { console.log(JSON.stringify({ reads, bad })); process.exit(0); });
      (function loop() {
        for (let k = 0; k < 20; k++) {
          try { JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8')); reads++; } catch { bad++; }
        }
        if (Date.now() < end) setImmediate(loop);
      })();
    `,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let out = '';
    reader.stdout.on('data', (d) => {
      out += d;
    });
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 1; i <= 40; i++) {
      release.writeFileAtomic(file, content(i));
      await new Promise((r) => setImmediate(r));
    }
    reader.stdin.write('stop\n');
    await new Promise((r) => reader.on('exit', r));
    const { reads, bad } = JSON.parse(out);
    expect(reads).toBeGreaterThan(10);
    expect(bad).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).i).toBe(40);
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  test('a failed write leaves the old file and no temporary file', () => {
    const file = path.join(tmp, 'remotes.json');
    release.writeFileAtomic(file, '{"a":1}\n');
    // Data that cannot be written (not a string or buffer) fails after the temp file is made.
    expect(() => release.writeFileAtomic(file, { toString: null } as unknown as string)).toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    expect(fs.readdirSync(tmp)).toEqual(['remotes.json']);
  });
});

describe('the CLI', () => {
  const cli = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [CLI, ...args, '--root', root(), '--skip-smoke'], {
      encoding: 'utf8',
      env: { ...process.env, RELEASE_USER: 'cli-tester', ...env },
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  /** A remote build that exposes what the real route table needs. */
  const realRemote = (name: string, version: string) =>
    fakeBuild({ name, version, exposes: [...(requiredModules().get(name as never) ?? [])] });

  test('publish, canary, status, rollback: messages and exit codes', () => {
    // The shell first, so remotes are checked against its singletons (react ^19.3.1 here).
    expect(cli(['publish', 'shell', '--from', fakeBuild({ name: 'shell', version: '1.0.0', shell: true })]).code).toBe(0);
    const p = cli(['publish', 'mf_owner', '--from', realRemote('mf_owner', '1.0.0')]);
    expect(p).toMatchObject({ code: 0, out: expect.stringMatching(/mf_owner: published 1\.0\.0 .*now stable/) });
    expect(cli(['publish', 'mf_owner', '--from', realRemote('mf_owner', '1.1.0')]).code).toBe(0);

    const again = cli(['publish', 'mf_owner', '--from', realRemote('mf_owner', '1.1.0')]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/refused: mf_owner 1\.1\.0 is already published/);

    const missing = cli(['publish', 'mf_owner', '--from', fakeBuild({ name: 'mf_owner', version: '1.2.0', exposes: ['Overview'] })]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/does not expose .*\.\/Listings/);

    for (const bad of ['ten', '', '1e1', '0x0a', '10.5', '-1', '010', '10%']) {
      expect(cli(['canary', 'mf_owner', '1.1.0', bad])).toMatchObject({
        code: 1,
        err: expect.stringMatching(/percent must be a whole number from 0 to 100/),
      });
    }
    expect(cli(['rollout', 'mf_owner', '1.1.0', '--steps', '5,1,100'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/steps must increase/),
    });
    expect(cli(['rollout', 'mf_owner', '1.1.0', '--min-minutes', '1e1'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/--min-minutes must be a plain non-negative number/),
    });
    expect(cli(['prune'])).toMatchObject({ code: 2, err: expect.stringMatching(/usage: npm run release -- prune --keep N/) });
    expect(cli(['tick'])).toMatchObject({ code: 2, err: expect.stringMatching(/usage: npm run release -- tick --api URL/) });
    expect(cli(['status', '--hours'])).toMatchObject({ code: 2, err: expect.stringMatching(/--hours needs a value/) });
    expect(cli(['canary', 'mf_nobody', '1.1.0', '10'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/unknown remote "mf_nobody"/),
    });
    expect(cli(['canary', 'mf_owner', '1.1.0'])).toMatchObject({ code: 2, err: expect.stringMatching(/usage: npm run release -- canary/) });
    expect(cli(['launch'])).toMatchObject({ code: 2, err: expect.stringMatching(/unknown verb "launch"/) });
    expect(cli(['promote', 'mf_owner'])).toMatchObject({ code: 1, err: expect.stringMatching(/no canary to promote/) });

    expect(cli(['canary', 'mf_owner', '1.1.0', '10'])).toMatchObject({ code: 0, out: expect.stringMatching(/canary 1\.1\.0 at 10%/) });
    const status = cli(['status']);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/mf_owner\s+1\.0\.0\s+1\.1\.0 @ 10%/);
    expect(status.out).toMatch(/canary 1\.1\.0 at 10%\s+by cli-tester/);
    const json = JSON.parse(cli(['status', '--json']).out);
    expect(json.remotes.find((r: { remote: string }) => r.remote === 'mf_owner')).toMatchObject({
      stable: '1.0.0',
      canary: { version: '1.1.0', percent: 10 },
      published: ['1.0.0', '1.1.0'],
    });

    expect(cli(['rollback', 'mf_owner'])).toMatchObject({ code: 0, out: expect.stringMatching(/canary 1\.1\.0 ended/) });
    expect(JSON.parse(cli(['status', '--json']).out).remotes.find((r: { remote: string }) => r.remote === 'mf_owner').canary).toBeNull();
    expect(cli(['history', 'mf_owner']).out.trim().split('\n')).toHaveLength(4);

    // status --api without a token says what is missing and exits non-zero.
    const noToken = cli(['status', '--api', 'http://127.0.0.1:9'], { TESSERA_TOKEN: '', TESSERA_RELEASE_TOKEN: '' });
    expect(noToken.code).toBe(1);
    expect(noToken.out).toMatch(/telemetry unavailable: reading telemetry needs a release token: set TESSERA_RELEASE_TOKEN/);
  });
});
