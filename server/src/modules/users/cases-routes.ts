// /v1/admin/cases: verification cases (KYC investors, KYB owners) for admins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, IdParams, PageOf } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import {
  CaseDocumentParams,
  KycCaseNoteSchema,
  KycCaseSchema,
  KycCasesQuerySchema,
  KycCaseSummarySchema,
  KycDecisionSchema,
  KycDocumentViewSchema,
  KycNoteSchema,
} from './schemas';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';
import * as cases from './cases';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const caseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The queue, the documents and the decision are compliance's work: one permission for all.
  const admin = [app.authenticate, app.requireAdmin('people.verify')];

  app.get(
    '/',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Verification cases waiting for a decision, oldest first (admins)',
        security,
        querystring: KycCasesQuerySchema,
        response: { 200: PageOf(KycCaseSummarySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => cases.listCases(app, request.query),
  );

  app.get(
    '/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "A verification case with its documents, notes and the person's earlier cases (admins)",
        security,
        params: IdParams,
        response: { 200: KycCaseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => cases.getCase(app, request.params.id),
  );

  app.get(
    '/:id/documents/:fileId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "A link to view one of the case's documents (admins; every view is audited: kyc.document.view)",
        security,
        params: CaseDocumentParams,
        response: { 200: KycDocumentViewSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => cases.viewCaseDocument(app, actorOf(request), request.params.id, request.params.fileId),
  );

  app.post(
    '/:id/decision',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Approve or reject a submitted case (admins)',
        security,
        params: IdParams,
        body: KycDecisionSchema,
        response: { 200: KycCaseSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'person.verify', { caseId: request.params.id, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return cases.decideCase(app, actorOf(request), request.params.id, request.body);
    },
  );

  app.post(
    '/:id/notes',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add an internal note to a case (admins; never shown to the person)',
        security,
        params: IdParams,
        body: KycNoteSchema,
        response: { 200: KycCaseNoteSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => cases.addCaseNote(app, actorOf(request), request.params.id, request.body.body),
  );
};

export default caseRoutes;
