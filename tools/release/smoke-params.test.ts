// Pages with parameters in the smoke test: the live shell's requirements list them (with the
// roles that see them), and their parameters are filled from the throwaway API's data.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { requirementsFromSource } from './requirements';
import { fillParams } from './smoke';

let api: http.Server;
let url: string;
const asked: { path: string; auth?: string }[] = [];
beforeAll(async () => {
  api = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push({ path, auth: req.headers.authorization });
    if (path === '/v1/auth/signin') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: 'tok', user: {} }));
    } else if (path === '/v1/properties') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: [{ _id: 'p 1' }, { _id: 'p2' }], total: 2 }));
    } else if (path === '/v1/plain') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ id: 7 }]));
    } else if (path === '/v1/empty') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: [] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => api.close(() => r())));

test("the shell's pages with parameters are in its requirements, public or with their roles", () => {
  const req = requirementsFromSource('1.0.0');
  expect(req.withParams?.mf_public).toEqual(expect.arrayContaining([{ module: 'PropertyDetail', path: '/properties/:id' }]));
  const admin = Object.values(req.withParams ?? {})
    .flat()
    .find((p) => p.path === '/dashboard/investors/:id');
  expect(admin).toMatchObject({ roles: ['ADMIN'] });
  // Pages without parameters stay where they were.
  expect(
    Object.values(req.withParams ?? {})
      .flat()
      .every((p) => p.path.includes(':')),
  ).toBe(true);
  expect(req.pages.mf_public?.some((p) => p.path.includes(':'))).toBe(false);
});

test('parameters come from the first item of the collection the path names, read as the role would', async () => {
  expect(await fillParams(url, '/properties/:id')).toEqual({ path: '/properties/p%201' });
  expect(asked.at(-1)).toEqual({ path: '/v1/properties', auth: undefined });
  expect(await fillParams(url, '/properties/:id', 'INVESTOR')).toEqual({ path: '/properties/p%201' });
  expect(asked.at(-1)).toEqual({ path: '/v1/properties', auth: 'Bearer tok' });
  expect(await fillParams(url, '/plain/:id/edit')).toEqual({ path: '/plain/7/edit' });
  // Nothing to open: why, never a page at a made-up id.
  expect(await fillParams(url, '/empty/:id')).toBe('GET /v1/empty lists nothing to open');
  expect(await fillParams(url, '/dashboard/support/:id')).toBe('GET /v1/dashboard/support answered 404');
});
