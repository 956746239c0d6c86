// /v1/admin/release-tokens: admins create, list and revoke the release tokens that
// `npm run release -- status|tick --api …` reads telemetry with (README "Releases").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import {
  CreatedReleaseTokenSchema,
  CreateReleaseTokenBody,
  PendingReleaseTokenSchema,
  ReleaseTokenListSchema,
  ReleaseTokenSchema,
} from './schemas';
import { fourEyesOn, held } from '../approvals';
import './approvals';
import * as service from './service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const releaseTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin('release.manage'));
  const base = { tags, security };

  app.post(
    '',
    {
      onRequest: app.requireRecentAuth,
      schema: {
        ...base,
        summary: 'Create a release token (shown once; it reads remote-load telemetry only)',
        body: CreateReleaseTokenBody,
        response: { 201: CreatedReleaseTokenSchema, 202: PendingReleaseTokenSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // Four eyes: the token is made unapproved and shown to its creator only, now; never kept in the request.
      const pendingToken = fourEyesOn(app, 'release_token.create');
      const created = await service.create(app, actorOf(request), request.body, { pending: pendingToken });
      const pending = pendingToken ? await held(app, actorOf(request), 'release_token.create', { tokenId: created.id }) : null;
      if (pending) return reply.status(202).send({ ...pending, token: created.token });
      // Nobody else could approve it (the requester is the only super admin): on at once.
      if (pendingToken) {
        await service.turnOn(app.db, created.id);
        return reply.status(201).send({ ...created, approved: true });
      }
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
