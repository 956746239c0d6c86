// Services take the acting person and their inputs, not Fastify's request and reply: the
// same rule runs from a route, a job or a test. These call services directly with an Actor
// and compare with what the route answers.
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/lib/actor';
import { getMe } from '../src/modules/users';
import { verifyUser } from '../src/modules/users/service';
import { KYC_MESSAGES } from 'shared-api/contract/admin';
import { buildTestApp, call, makeUser, markSubmitted, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const actorFor = (u: TestUser, status: Actor['status']): Actor => ({ id: u.id, role: u.role, status, email: u.email, ip: '' });

it('answers a service call as the route does', async () => {
  const investor = await makeUser(t.app, 'INVESTOR');
  const viaRoute = await call(t.app, { method: 'GET', url: '/v1/users/me', as: investor });
  expect(viaRoute.statusCode).toBe(200);
  expect(JSON.parse(JSON.stringify(await getMe(t.app, actorFor(investor, 'PENDING'))))).toEqual(viaRoute.json());
});

it('audits an action taken without a request under the actor it was given', async () => {
  const admin = await makeUser(t.app, 'ADMIN');
  const investor = await makeUser(t.app, 'INVESTOR');
  // The rule is the service's, not the route's: nothing submitted, no verification.
  await expect(verifyUser(t.app, actorFor(admin, 'VERIFIED'), investor.id, { status: 'VERIFIED' })).rejects.toMatchObject({
    statusCode: 409,
    message: KYC_MESSAGES.verifyNeedsOnboarding,
  });
  await markSubmitted(t.app, investor.id);
  const user = await verifyUser(t.app, actorFor(admin, 'VERIFIED'), investor.id, { status: 'VERIFIED' });
  expect(user.status).toBe('VERIFIED');
  const [row] = await queryRows<{ actor_id: string; actor_email: string; ip: string }>(
    t.app,
    sql`SELECT actor_id, actor_email, ip FROM audit_log WHERE target_id = ${investor.id} AND action = 'user.verify'`,
  );
  expect(row).toEqual({ actor_id: admin.id, actor_email: admin.email, ip: '' });
});
