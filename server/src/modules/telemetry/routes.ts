// POST /v1/telemetry/remote-load: anonymous, rate limited per IP, body validated.
// GET  /v1/telemetry/remote-load/summary: failures per remote version (admins; `release status`).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../lib/schema';
import { releaseTokenOrAdmin } from '../release-tokens/service';
import { RemoteLoadBodySchema, SummaryQuerySchema, SummarySchema } from './schemas';
import * as service from './service';

const tags = ['telemetry'];
/** Per IP (behind nginx set TRUST_PROXY so request.ip is the client's). */
export const REMOTE_LOAD_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/remote-load',
    {
      bodyLimit: 4096,
      config: { rateLimit: { ...REMOTE_LOAD_LIMIT } },
      schema: { tags, summary: 'Report a remote that failed to load (the shell, best effort)', body: RemoteLoadBodySchema, response: { 204: Type.Null({ description: 'Recorded' }), ...errors(400, 413, 429) } },
    },
    async (request, reply) => {
      const versions = request.headers['x-client-versions'];
      await service.recordFailure(app, request.body, typeof versions === 'string' ? versions : undefined);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/remote-load/summary',
    {
      onRequest: [releaseTokenOrAdmin(app)], // an admin's session, or a release token (valid for this route only)
      schema: { tags, summary: 'Remote-load failures per remote version (admins)', security: [{ bearerAuth: [] }], querystring: SummaryQuerySchema, response: { 200: SummarySchema, ...errors(400, 401, 403) } },
    },
    async (request) => service.summary(app, request.query.hours ?? 24),
  );
};

export default telemetryRoutes;
