// /v1/admin/release-tokens: admins create, list and revoke the release tokens that
// `npm run release -- status|tick --api …` reads telemetry with (README "Releases").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { CreatedReleaseTokenSchema, CreateReleaseTokenBody, ReleaseTokenListSchema, ReleaseTokenSchema } from './schemas';
import * as service from './service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const releaseTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('ADMIN'));
  const base = { tags, security };

  app.post(
    '',
    {
      onRequest: app.requireRecentAuth,
      schema: {
        ...base,
        summary: 'Create a release token (shown once; it reads remote-load telemetry only)',
        body: CreateReleaseTokenBody,
        response: { 201: CreatedReleaseTokenSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await service.create(app, actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.get(
    '',
    {
      schema: {
        ...base,
        summary: 'Release tokens (never the tokens themselves)',
        response: { 200: ReleaseTokenListSchema, ...errors(401, 403) },
      },
    },
    async () => ({ items: await service.list(app) }),
  );
  app.delete(
    '/:id',
    {
      schema: {
        ...base,
        summary: 'Revoke a release token',
        params: IdParams,
        response: { 200: ReleaseTokenSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.revoke(app, actorOf(request), request.params.id),
  );
};

export default releaseTokenRoutes;
