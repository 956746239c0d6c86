// Holder votes, registered under /v1: a property's proposals, one proposal with its tally and
// the caller's vote, voting, an admin's cancel, and the caller's own votes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, Id, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import { uploadsOf } from '../../plugins/uploads';
import { CancelProposalSchema, CreateProposalSchema, ProposalListSchema, ProposalSchema, VoteSchema } from './schemas';
import * as service from './service';

const tags = ['proposals'];
const security = [{ bearerAuth: [] }];
const PropertyParams = Type.Object({ id: Id }, { additionalProperties: false });
const multipartBody = { consumes: ['multipart/form-data'] };

const proposalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/properties/:id/proposals',
    {
      // Owners and holders pass on to the service, which checks the listing is theirs or the holding is large enough.
      onRequest: [app.authenticate, app.requireAdmin('listings.review', { or: ['PROPERTY_OWNER', 'INVESTOR'] })],
      schema: {
        tags,
        summary: "Raise a proposal for the property's holders to vote on (its owner, an admin, or a holder of at least 5% of the units)",
        security,
        params: PropertyParams,
        body: CreateProposalSchema,
        response: { 201: ProposalSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.raiseProposal(app, actorOf(request), request.params.id, request.body)),
  );
  app.get(
    '/properties/:id/proposals',
    {
      onRequest: [app.authenticate, app.requireAdmin('listings.read', { or: ['PROPERTY_OWNER', 'INVESTOR'] })],
      schema: {
        tags,
        summary: "A property's proposals with their tallies (its owner, admins, its holders and holders of record)",
        security,
        params: PropertyParams,
        response: { 200: ProposalListSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.listForProperty(app, actorOf(request), request.params.id),
  );
  app.get(
    '/proposals/:id',
    {
      onRequest: [app.authenticate, app.requireAdmin('listings.read', { or: ['PROPERTY_OWNER', 'INVESTOR'] })],
      schema: {
        tags,
        summary: 'One proposal with its live tally and my vote',
        security,
        params: IdParams,
        response: { 200: ProposalSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getProposal(app, actorOf(request), request.params.id),
  );
  app.patch(
    '/proposals/:id/documents',
    {
      onRequest: [app.authenticate, app.requireAdmin('listings.review', { or: ['PROPERTY_OWNER', 'INVESTOR'] })],
      schema: {
        tags,
        summary: 'Add documents (PDF or images, field "files", at most 5 in all) to a proposal until its close (whoever raised it)',
        security,
        params: IdParams,
        ...multipartBody,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => service.addDocuments(app, actorOf(request), request.params.id, uploadsOf(request)),
  );
  app.put(
    '/proposals/:id/vote',
    {
      onRequest: [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')],
      schema: {
        tags,
        summary: 'Vote FOR, AGAINST or ABSTAIN, or change my vote, until the close (holders of record)',
        security,
        params: IdParams,
        body: VoteSchema,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.castVote(app, actorOf(request), request.params.id, request.body.choice),
  );
  app.post(
    '/proposals/:id/cancel',
    {
      onRequest: [app.authenticate, app.requireAdmin('listings.review')],
      schema: {
        tags,
        summary: 'Cancel a proposal before its close (admins, audited; holders of record are told)',
        security,
        params: IdParams,
        body: CancelProposalSchema,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancelProposal(app, actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/me/proposals',
    {
      onRequest: [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')],
      schema: {
        tags,
        summary: 'Votes open on what I hold (and those decided in the last 30 days)',
        security,
        response: { 200: ProposalListSchema, ...errors(401, 403) },
      },
    },
    async (request) => service.myProposals(app, actorOf(request)),
  );
};

export default proposalRoutes;
