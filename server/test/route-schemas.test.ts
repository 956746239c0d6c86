// Every route answers with a body its schema describes: fast-json-stringify then sends only
// the listed fields (no secret leaks out by a new column), OpenAPI documents it, and each
// schema is checked against the contract type at compile time (assertSame in schemas.ts).
// A route that answers with something other than JSON is exempt, with its reason below.
import type { RouteOptions } from 'fastify';
import { buildTestApp, type TestApp } from './helper';

/** Routes whose success answer is not JSON: only their error answers have a schema. */
const NOT_JSON: Record<string, string> = {
  'GET /v1/transactions/owned/export.csv': 'CSV text',
  'GET /v1/transactions/export.csv': 'CSV text',
  'GET /v1/admin/market/trades.csv': 'CSV text',
  'GET /v1/admin/audit.csv': 'CSV text',
  'GET /v1/statements/:file': 'a statement as a PDF or CSV file',
  'GET /v1/admin/users/:id/statements/:file': 'a statement as a PDF or CSV file',
  'GET /v1/statements/tax/:file': 'a year-end tax document as a PDF or CSV file',
  'GET /v1/admin/users/:id/statements/tax/:file': 'a year-end tax document as a PDF or CSV file',
  'GET /v1/events': 'a server-sent event stream (text/event-stream), open for as long as the client listens',
  'GET /v1/payments/sandbox/:id': "the sandbox provider's HTML payment page",
  'POST /v1/payments/sandbox/:id': "the sandbox provider's HTML form answer (a page, or a redirect back to the app)",
};
/** Routes registered by a third-party plugin, not by the API's modules. */
const NOT_OURS = [/^\/v1\/docs(\/|$)/];

let t: TestApp;
let routes: RouteOptions[];

beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && !NOT_OURS.some((re) => re.test(r.url)));
});
afterAll(() => t.close());

const label = (r: RouteOptions) => `${[r.method].flat().join(',')} ${r.url}`;
const successCodes = (r: RouteOptions) =>
  Object.keys((r.schema?.response ?? {}) as Record<string, unknown>).filter((code) => /^2(\d\d|xx)$/.test(code));

it('collects the routes the app registers', () => {
  expect(routes.length).toBeGreaterThan(50);
});

it('gives every JSON route a response schema for its success answer', () => {
  const missing = routes.filter((r) => !NOT_JSON[label(r)] && successCodes(r).length === 0).map(label);
  expect(missing).toEqual([]);
});

it('lists as exempt only routes that exist and still lack a success schema', () => {
  const labels = new Map(routes.map((r) => [label(r), r]));
  const stale = Object.keys(NOT_JSON).filter((l) => !labels.has(l) || successCodes(labels.get(l) as RouteOptions).length > 0);
  expect(stale).toEqual([]);
});
