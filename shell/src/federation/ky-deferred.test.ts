/**
 * @jest-environment node
 */
// The shell's build gives shared-api a deferred ky (tools/webpack/ky-deferred.js) that
// supports what shared-api uses: ky's default export's create(), the instance's request
// methods and the body shortcuts. These tests pin that contract.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

// In the build, an alias (tools/webpack/create-config.cjs); here, the real ky.
jest.mock('tessera-ky-original', () => jest.requireActual('ky'), { virtual: true });

test('shared-api imports nothing of ky at run time but its default export', () => {
  const files = fs.readdirSync(path.join(root, 'shared-api/src'), { recursive: true }) as string[];
  const uses = files
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
    .flatMap((f) =>
      [...fs.readFileSync(path.join(root, 'shared-api/src', f), 'utf8').matchAll(/^import (.+) from 'ky';$/gm)].map((m) => m[1]),
    );
  expect(uses.length).toBeGreaterThan(0);
  for (const clause of uses) {
    // `ky` and `type` names only: `import ky, { type A, type B } from 'ky'`.
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    expect(
      named
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type ')),
    ).toBe(true);
    expect(clause.replace(/,?\s*\{[^}]*\}/, '').trim()).toMatch(/^(ky|type .*)$/);
  }
});

describe('the deferred ky', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('requests, JSON bodies, Accept header, hooks and HTTP errors behave as ky', async () => {
    const seen: Request[] = [];
    globalThis.fetch = (async (req: Request) => {
      seen.push(req);
      if (req.url.endsWith('/missing'))
        return new Response(JSON.stringify({ message: 'nope' }), { status: 404, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ ok: true, method: req.method }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const { default: ky } = await import('../../../tools/webpack/ky-deferred.js');
    const before: string[] = [];
    const http = ky.create({
      prefixUrl: 'http://api.test',
      retry: 0,
      hooks: {
        beforeRequest: [
          (r: Request) => {
            before.push(r.url);
          },
        ],
      },
    });
    expect(await http.get('v1/x').json()).toEqual({ ok: true, method: 'GET' });
    expect(seen[0].headers.get('accept')).toBe('application/json');
    expect(await http.post('v1/y', { json: { a: 1 } }).json()).toEqual({ ok: true, method: 'POST' });
    const res = await http.delete('v1/z');
    expect(res.status).toBe(200);
    expect(before).toEqual(['http://api.test/v1/x', 'http://api.test/v1/y', 'http://api.test/v1/z']);
    await expect(http.get('v1/missing').json()).rejects.toMatchObject({ name: 'HTTPError', response: { status: 404 } });
  });

  test('a ky that cannot be loaded fails the call instead of leaving it pending', async () => {
    jest.resetModules();
    jest.doMock(
      'tessera-ky-original',
      () => {
        throw new Error('chunk failed');
      },
      { virtual: true },
    );
    const { default: ky } = await import('../../../tools/webpack/ky-deferred.js');
    await expect(ky.create({ prefixUrl: 'http://api.test' }).get('v1/x').json()).rejects.toThrow('chunk failed');
  });
});
