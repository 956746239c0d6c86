import type { AdminPermission } from 'shared-api/contract';
// Returns (issue 18): income reports, distributions, appraisals, investors' figures.
// Registered under /v1; the full paths are listed in server/README.md "Returns".
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, IdParams } from '../../lib/schema';
import { uploadsOf } from '../../plugins/uploads';
import { actorOf, viewerOf } from '../../plugins/auth';
import { PropertyIdParams } from '../properties';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';
import {
  AdminDistributionsSchema,
  AppraisalSchema,
  ApproveBodySchema,
  ApproveResultSchema,
  CancelDistributionSchema,
  CorrectDistributionSchema,
  CorrectResultSchema,
  CreateAppraisalSchema,
  DistributionDetailSchema,
  DistributionSchema,
  DistributionsQuerySchema,
  IncomeReportBodySchema,
  ApprovedRepairSchema,
  IncomeReportSchema,
  IncomeReportsQuerySchema,
  IncomeStateSchema,
  PayResultSchema,
  PerformanceSchema,
  PortfolioReturnsSchema,
  RejectBodySchema,
  ReinvestBodySchema,
  ReinvestSchema,
  VoidAppraisalSchema,
} from './schemas';
import * as service from './service';

const tags = ['returns'];
const security = [{ bearerAuth: [] }];
const multipartBody = { consumes: ['multipart/form-data'] };

const returnsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const owner = [app.authenticate, app.requireRole('PROPERTY_OWNER')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const ownerOrAdmin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p, { or: ['PROPERTY_OWNER'] })];

  // ---- Income reports ----
  app.post(
    '/income-reports',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Submit an income report for a period of an income-producing property (owners)',
        security,
        body: IncomeReportBodySchema,
        response: { 201: IncomeReportSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.submitReport(app, actorOf(request), request.body)),
  );
  app.patch(
    '/income-reports/:id/receipts',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Add receipts (PDF or images, field "files", at most 5 a call, 10 a report) to a report awaiting review (owners)',
        security,
        params: IdParams,
        ...multipartBody,
        response: { 200: IncomeReportSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => service.addReceipts(app, actorOf(request), request.params.id, uploadsOf(request)),
  );
  app.get(
    '/income-reports/owned',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "The owner's income reports, newest period first",
        security,
        querystring: IncomeReportsQuerySchema,
        response: { 200: Type.Array(IncomeReportSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.ownedReports(app, actorOf(request), request.query),
  );
  app.get(
    '/income-reports/admin',
    {
      onRequest: admin('income.manage'),
      schema: {
        tags,
        summary: 'Income reports: the review queue first (admins)',
        security,
        querystring: IncomeReportsQuerySchema,
        response: { 200: Type.Array(IncomeReportSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.adminReports(app, request.query),
  );
  app.get(
    '/income-reports/:id',
    {
      onRequest: ownerOrAdmin('income.manage'),
      schema: {
        tags,
        summary: 'One income report (its owner, admins)',
        security,
        params: IdParams,
        response: { 200: IncomeReportSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getReport(app, actorOf(request), request.params.id),
  );
  app.patch(
    '/income-reports/:id/approve',
    {
      onRequest: admin('income.manage'),
      schema: {
        tags,
        summary: 'Approve a report: declares its distribution (admins, audited)',
        security,
        params: IdParams,
        body: ApproveBodySchema,
        response: { 200: ApproveResultSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'distribution.declare', { reportId: request.params.id, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return service.approveReport(app, actorOf(request), request.params.id, request.body);
    },
  );
  app.patch(
    '/income-reports/:id/reject',
    {
      onRequest: admin('income.manage'),
      schema: {
        tags,
        summary: 'Reject a report with a reason (admins, audited)',
        security,
        params: IdParams,
        body: RejectBodySchema,
        response: { 200: IncomeReportSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.rejectReport(app, actorOf(request), request.params.id, request.body),
  );

  // ---- Becoming income-producing (OFF_PLAN) ----
  app.get(
    '/properties/owned/:propertyId/approved-repairs',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "The repairs the holders approved that the property's next income report must carry (owners)",
        security,
        params: PropertyIdParams,
        response: { 200: Type.Array(ApprovedRepairSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => service.approvedRepairsToReport(app, actorOf(request), request.params.propertyId),
  );
  app.patch(
    '/properties/owned/:propertyId/construction-complete',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Report construction complete on an off-plan property (owners)',
        security,
        params: PropertyIdParams,
        response: { 200: IncomeStateSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.markConstructionComplete(app, actorOf(request), request.params.propertyId),
  );
  app.patch(
    '/properties/:propertyId/income-producing',
    {
      onRequest: admin('income.manage'),
      schema: {
        tags,
        summary: 'Convert a funded off-plan property, construction complete, to income-producing (admins, audited)',
        security,
        params: PropertyIdParams,
        response: { 200: IncomeStateSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.convertToIncomeProducing(app, actorOf(request), request.params.propertyId),
  );

  // ---- Distributions ----
  app.get(
    '/distributions/admin',
    {
      onRequest: admin('distributions.manage'),
      schema: {
        tags,
        summary: 'Every distribution (filter by status, property, refused) and the platform revenue balance (admins)',
        security,
        querystring: DistributionsQuerySchema,
        response: { 200: AdminDistributionsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.adminDistributions(app, request.query),
  );
  app.get(
    '/distributions/owned',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "Distributions of the owner's properties",
        security,
        querystring: DistributionsQuerySchema,
        response: { 200: Type.Array(DistributionSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.ownedDistributions(app, actorOf(request), request.query),
  );
  app.get(
    '/distributions/:id',
    {
      onRequest: ownerOrAdmin('distributions.manage'),
      schema: {
        tags,
        summary: 'One distribution with its holders of record (admins, the owner)',
        security,
        params: IdParams,
        response: { 200: DistributionDetailSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.distributionDetail(app, actorOf(request), request.params.id),
  );
  app.post(
    '/distributions/:id/cancel',
    {
      onRequest: admin('distributions.manage'),
      schema: {
        tags,
        summary: 'Cancel a distribution not yet paid, with a reason (admins, audited): it never pays; the owner is told',
        security,
        params: IdParams,
        body: CancelDistributionSchema,
        response: { 200: DistributionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancelDistribution(app, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/distributions/:id/correct',
    {
      onRequest: admin('distributions.manage'),
      schema: {
        tags,
        summary:
          'Correct a PAID distribution (admins, audited, four eyes): its entries reversed, the corrected total (cents; 0 = reverse only) paid over the same holders of record; 409 when a holder no longer holds what is taken back',
        security,
        params: IdParams,
        body: CorrectDistributionSchema,
        response: { 200: CorrectResultSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const pending = await held(app, actor, 'distribution.correct', {
        distributionId: request.params.id,
        body: request.body,
        requestedBy: { id: actor.id, email: actor.email },
      });
      if (pending) return reply.status(202).send(pending);
      return service.correctDistribution(app, actor, request.params.id, request.body);
    },
  );
  app.post(
    '/distributions/:id/pay',
    {
      onRequest: admin('distributions.manage'),
      schema: {
        tags,
        summary: 'Pay now: snapshot if needed, then pay; PAID, ALREADY_PAID or REFUSED (admins, audited)',
        security,
        params: IdParams,
        response: { 200: PayResultSchema, 202: ApprovalRequestSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'distribution.pay', { distributionId: request.params.id });
      if (pending) return reply.status(202).send(pending);
      return service.payNow(app, actorOf(request), request.params.id);
    },
  );

  // ---- Appraisals and public figures ----
  app.post(
    '/properties/:propertyId/appraisals',
    {
      onRequest: admin('appraisals.manage'),
      schema: {
        tags,
        summary:
          'Record an appraisal (value per unit, date) (admins, audited); a move beyond APPRAISAL_MAX_CHANGE_PCT from the latest needs confirmLargeChange (else 409)',
        security,
        params: PropertyIdParams,
        body: CreateAppraisalSchema,
        response: { 201: AppraisalSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'appraisal.create', { propertyId: request.params.propertyId, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return reply.status(201).send(await service.createAppraisal(app, actorOf(request), request.params.propertyId, request.body));
    },
  );
  app.post(
    '/appraisals/:id/void',
    {
      onRequest: admin('appraisals.manage'),
      schema: {
        tags,
        summary:
          'Void a mistaken appraisal with a reason (admins, audited): kept on record, counted nowhere; holders are told; 202: held for a second admin',
        security,
        params: IdParams,
        body: VoidAppraisalSchema,
        response: { 200: AppraisalSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const pending = await held(app, actorOf(request), 'appraisal.void', { id: request.params.id, body: request.body });
      if (pending) return reply.status(202).send(pending);
      return service.voidAppraisal(app, actorOf(request), request.params.id, request.body);
    },
  );
  app.patch(
    '/appraisals/:id/document',
    {
      onRequest: admin('appraisals.manage'),
      schema: {
        tags,
        summary: 'Attach the appraisal\'s source document (one PDF, field "file") (admins)',
        security,
        params: IdParams,
        ...multipartBody,
        response: { 200: AppraisalSchema, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => service.uploadAppraisalDocument(app, actorOf(request), request.params.id, uploadsOf(request)),
  );
  app.get(
    '/properties/:propertyId/appraisals',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags,
        summary: 'Appraisal history, latest first (public for live listings)',
        params: PropertyIdParams,
        response: { 200: Type.Array(AppraisalSchema), ...errors(404) },
      },
    },
    async (request) => service.appraisalsOf(app, viewerOf(request), request.params.propertyId),
  );
  app.get(
    '/properties/:propertyId/performance',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags,
        summary: 'Latest appraisal, appraisals and distribution history (public for live listings)',
        params: PropertyIdParams,
        response: { 200: PerformanceSchema, ...errors(404) },
      },
    },
    async (request) => service.performance(app, viewerOf(request), request.params.propertyId),
  );

  // ---- Investors ----
  app.get(
    '/holdings/returns',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's returns: per holding and total, income and value over time, distributions",
        security,
        response: { 200: PortfolioReturnsSchema, ...errors(401, 403) },
      },
    },
    async (request) => service.myReturns(app, actorOf(request)),
  );
  app.put(
    '/holdings/:propertyId/reinvest',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "Reinvest this holding's income into whole units of the same property when available",
        security,
        params: PropertyIdParams,
        body: ReinvestBodySchema,
        response: { 200: ReinvestSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setReinvest(app, actorOf(request), request.params.propertyId, request.body.enabled),
  );
};

export default returnsRoutes;
