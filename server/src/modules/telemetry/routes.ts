// POST /v1/telemetry/remote-load: anonymous, rate limited per IP, body validated, accepted
//   only for published remote versions (./published.ts). The shell sends one report per page.
// GET  /v1/telemetry/remote-load/summary: health per remote version, and the live stable's
//   beside the canary's (admins; `release status`). server/README.md documents the JSON.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error';
import { errors } from '../../lib/schema';
import { releaseTokenOrAdmin } from '../release-tokens';
import { RemoteLoadBodySchema, SummaryQuerySchema, SummarySchema } from './schemas';
import * as service from './service';
import { uaClass } from './ua';

const tags = ['telemetry'];
/** Per IP (behind nginx set TRUST_PROXY so request.ip is the client's): one report per page view. */
export const REMOTE_LOAD_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/remote-load',
    {
      bodyLimit: 16384,
      config: { rateLimit: { ...REMOTE_LOAD_LIMIT } },
      schema: {
        tags,
        summary: 'Report how remote versions fared in one page (the shell, once per page; best effort)',
        description: 'Items of versions that are not published are dropped; 422 when no item is of a published version.',
        body: RemoteLoadBodySchema,
        response: { 204: Type.Null({ description: 'Recorded' }), ...errors(400, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const versions = request.headers['x-client-versions'];
      const { stored, refused } = await service.record(app, request.body, {
        uaClass: uaClass(request.headers['user-agent']),
        clientVersions: typeof versions === 'string' ? versions : undefined,
      });
      if (stored === 0 && refused.length > 0) {
        throw new HttpError(422, `Not a published version: ${[...new Set(refused.map((r) => `${r.remote} ${r.version}`))].join(', ')}`);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/remote-load/summary',
    {
      onRequest: [releaseTokenOrAdmin(app)], // an admin's session, or a release token (valid for this route only)
      schema: {
        tags,
        summary: 'Health per remote version, the stable beside the canary (admins, release tokens)',
        security: [{ bearerAuth: [] }],
        querystring: SummaryQuerySchema,
        response: { 200: SummarySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.summary(app, request.query.hours ?? 24, request.query.alpha ?? 0.05),
  );
};

export default telemetryRoutes;
