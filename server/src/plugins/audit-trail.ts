// Every admin change leaves a row in the audit trail. Each request counts the rows it wrote
// (lib/audit's request scope); a successful change by an admin that wrote none is logged as an
// error and kept in app.unauditedAdminChanges, which the test helper fails on, so a new admin
// route without its audit row fails whichever suite first calls it.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { requestAudits, type AuditEvent } from '../lib/audit';

declare module 'fastify' {
  interface FastifyInstance {
    /** "METHOD /route" of admin changes that answered 2xx without an audit row (at most 100). */
    unauditedAdminChanges: string[];
  }
  interface FastifyRequest {
    auditTrail?: { events: AuditEvent[] };
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const auditTrailPlugin: FastifyPluginAsync = async (app) => {
  const misses: string[] = [];
  app.decorate('unauditedAdminChanges', misses);
  // A callback hook, so the rest of the request (hooks, handler) runs inside the scope.
  app.addHook('onRequest', (request, _reply, done) => {
    const trail = { events: [] as AuditEvent[] };
    request.auditTrail = trail;
    requestAudits.run(trail, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.adminGuarded || !CHANGES.has(request.method) || reply.statusCode >= 300) return;
    if ((request.auditTrail?.events.length ?? 0) > 0) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    request.log.error({ route }, 'an admin change was answered without an audit row');
    if (misses.length < 100) misses.push(route);
  });
};

export default fp(auditTrailPlugin, { name: 'audit-trail' });
