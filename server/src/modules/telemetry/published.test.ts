import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { clearPublishedCache, isPublished, liveRegistry } from './published';
import { uaClass } from './ua';

let dir: string;
beforeEach(() => {
  clearPublishedCache();
  dir = mkdtempSync(path.join(tmpdir(), 'tessera-published-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const manifest = (...parts: string[]) => {
  mkdirSync(path.join(dir, ...parts), { recursive: true });
  writeFileSync(path.join(dir, ...parts, 'mf-manifest.json'), '{}');
};

test('a releases root: a version is published when its folder holds a manifest', () => {
  manifest('mf_public', '1.1.0');
  mkdirSync(path.join(dir, 'mf_public', '1.2.0'));
  const src = { releasesDir: dir, webRoot: null };
  expect(isPublished(src, 'mf_public', '1.1.0')).toBe(true);
  expect(isPublished(src, 'mf_public', '1.2.0')).toBe(false);
  expect(isPublished(src, 'mf_public', '9.9.9')).toBe(false);
  // Names that would leave the folder are never looked up.
  expect(isPublished(src, '..', '1.1.0')).toBe(false);
  expect(isPublished(src, 'mf_public', '1..')).toBe(false);
});

test('answers are cached for a few seconds', () => {
  const src = { releasesDir: dir };
  expect(isPublished(src, 'mf_public', '2.0.0', 1_000)).toBe(false);
  manifest('mf_public', '2.0.0');
  expect(isPublished(src, 'mf_public', '2.0.0', 2_000)).toBe(false);
  expect(isPublished(src, 'mf_public', '2.0.0', 30_000)).toBe(true);
});

test('without a releases root, the web root (npm start): remotes/<name>/<version>/ and remotes.json', () => {
  manifest('remotes', 'mf_public', '1.0.0');
  writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({ mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' } }, 'Bad Name': {} }),
  );
  const src = { releasesDir: null, webRoot: dir };
  expect(isPublished(src, 'mf_public', '1.0.0')).toBe(true);
  expect(isPublished(src, 'mf_public', '1.1.0')).toBe(false);
  expect(liveRegistry(src)).toEqual({ mf_public: { stable: '1.0.0', canary: null } });
  // Nothing configured: nothing is published.
  expect(isPublished({}, 'mf_public', '1.0.0')).toBe(false);
  expect(liveRegistry({})).toEqual({});
});

test('an unreadable registry is an empty one', () => {
  writeFileSync(path.join(dir, 'remotes.json'), '{not json');
  expect(liveRegistry({ releasesDir: dir })).toEqual({});
});

test('user-agent classes: device and engine, never the raw string', () => {
  expect(uaClass('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36')).toBe(
    'desktop-blink',
  );
  expect(
    uaClass(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
    ),
  ).toBe('desktop-blink');
  expect(uaClass('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('desktop-gecko');
  expect(
    uaClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'),
  ).toBe('mobile-blink');
  expect(uaClass('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe(
    'tablet-blink',
  );
  expect(
    uaClass(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('mobile-webkit');
  expect(
    uaClass(
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('tablet-webkit');
  expect(
    uaClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'),
  ).toBe('desktop-webkit');
  expect(uaClass('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot');
  expect(uaClass(undefined)).toBe('unknown');
  expect(uaClass('curl/8.5.0')).toBe('desktop-other');
});

test('RELEASES_DIR: read as the releases root, refused when it is not a folder', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: path.join(dir, 'data') };
  expect(loadConfig(base).releasesDir).toBeNull();
  expect(loadConfig({ ...base, RELEASES_DIR: dir }).releasesDir).toBe(dir);
  expect(() => loadConfig({ ...base, RELEASES_DIR: path.join(dir, 'nope') })).toThrow(ConfigError);
  try {
    loadConfig({ ...base, RELEASES_DIR: path.join(dir, 'nope') });
  } catch (e) {
    expect((e as ConfigError).problems).toEqual([`RELEASES_DIR ${path.join(dir, 'nope')} is not a folder`]);
  }
});
