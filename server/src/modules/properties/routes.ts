import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, Id, IdParams, MessageBody, PageOf } from '../../lib/schema';
import { uploadsOf } from '../../plugins/uploads';
import { actorOf, currentUser, viewerOf } from '../../plugins/auth';
import { requireStatusFor } from '../../lib/status-gate';
import {
  ActiveInvestmentsQuerySchema,
  ActiveInvestmentsSchema,
  CataloguePageSchema,
  FileOrderSchema,
  HandOverSchema,
  OffPlanInputSchema,
  OffPlanUpdateSchema,
  OwnedQuerySchema,
  OwnerIdParams,
  OwnerPropertyViewSchema,
  ProgressPostedSchema,
  ProgressSchema,
  PropertiesQuerySchema,
  PropertyIdParams,
  PropertyDetailSchema,
  PropertySchema,
  PropertyWithRevisionSchema,
  RentalReadyInputSchema,
  RentalReadyUpdateSchema,
  ReviewRevisionSchema,
  ReviewSchema,
  RevisionSchema,
} from './schemas';
import * as service from './service';
import { cachedCatalogue } from './catalogue-cache';
import { listCatalogue, publicCatalogueKey } from './catalogue';
import { ApprovalRequestSchema, held } from '../approvals';
import './approvals';

const tags = ['properties'];
const secured = [{ bearerAuth: [] }];
const multipart = (field: string, what: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data: up to 5 ${what} in the repeatable "${field}" field, 5 MB each.`,
});

const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listing = requireStatusFor('CREATE_LISTING');
  const owner = [app.authenticate, app.requireRole('PROPERTY_OWNER')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];
  const ownerOrAdmin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p, { or: ['PROPERTY_OWNER'] })];

  app.get(
    '/',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags,
        summary: 'Live listings (ACTIVE, FUNDED); admins may ask for any status',
        querystring: PropertiesQuerySchema,
        response: { 200: CataloguePageSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      // Admins list any status (signed links): never cached.
      if (viewerOf(request)?.role === 'ADMIN') return service.listProperties(app, request.query);
      // The public catalogue comes from memory while it has not changed (catalogue-cache.ts).
      const page = await cachedCatalogue(
        app,
        publicCatalogueKey(request.query),
        async () => reply.serialize(await listCatalogue(app, request.query)) as string,
      );
      // Sent as it is: serialized by this route's serializer, compressed when the client accepts it.
      const { body, encoding } = page.for(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/owned',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: "The owner's listings (each with its changes under review)",
        security: secured,
        querystring: OwnedQuerySchema,
        response: { 200: PageOf(PropertyWithRevisionSchema), ...errors(401, 403) },
      },
    },
    async (request) => service.listOwnerProperties(app, currentUser(request).id, request.query),
  );

  app.get(
    '/owned/:id',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'One of the owner’s listings',
        security: secured,
        params: IdParams,
        response: { 200: PropertyWithRevisionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getOwnedProperty(app, actorOf(request), request.params.id),
  );

  app.delete(
    '/owned/:id',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Delete an own listing (none sold)',
        security: secured,
        params: IdParams,
        response: { 200: MessageBody, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteProperty(app, actorOf(request), request.params.id, 'owner');
      return { message: 'Property deleted' };
    },
  );

  app.post(
    '/owned/off-plan',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'List an off-plan property (goes to review)',
        security: secured,
        body: OffPlanInputSchema,
        response: { 201: PropertySchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.createProperty(app, actorOf(request), 'OFF_PLAN', request.body);
    },
  );

  app.post(
    '/owned/rental-ready',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'List a rental-ready property (goes to review)',
        security: secured,
        body: RentalReadyInputSchema,
        response: { 201: PropertySchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.createProperty(app, actorOf(request), 'RENTAL_READY', request.body);
    },
  );

  app.patch(
    '/owned/:id/off-plan',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'Change an own off-plan listing (a live one: a revision under review; else edited in place)',
        security: secured,
        params: IdParams,
        body: OffPlanUpdateSchema,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateProperty(app, actorOf(request), request.params.id, 'OFF_PLAN', request.body, 'owner'),
  );

  app.patch(
    '/owned/:id/rental-ready',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'Change an own rental-ready listing (a live one: a revision under review; else edited in place)',
        security: secured,
        params: IdParams,
        body: RentalReadyUpdateSchema,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateProperty(app, actorOf(request), request.params.id, 'RENTAL_READY', request.body, 'owner'),
  );

  app.patch(
    '/owned/:id/images',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'Add images (JPEG, PNG, WebP, AVIF)',
        ...multipart('files', 'images'),
        security: secured,
        params: IdParams,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => service.uploadPropertyFiles(app, actorOf(request), request.params.id, 'PROPERTY_IMAGE', uploadsOf(request)),
  );

  app.patch(
    '/owned/:id/documents',
    {
      onRequest: owner,
      preHandler: listing,
      schema: {
        tags,
        summary: 'Add documents (PDF)',
        ...multipart('files', 'PDF files'),
        security: secured,
        params: IdParams,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => service.uploadPropertyFiles(app, actorOf(request), request.params.id, 'PROPERTY_DOCUMENT', uploadsOf(request)),
  );

  app.delete(
    '/owned/:id/files/:fileId',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Remove an image or document of an own listing',
        security: secured,
        params: Type.Object({ id: Id, fileId: Id }, { additionalProperties: false }),
        response: { 200: PropertyWithRevisionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.deletePropertyFile(app, actorOf(request), request.params.id, request.params.fileId),
  );

  app.put(
    '/owned/:id/files/order',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Order the images (the first is the cover) or documents of an own listing (a live one: part of its revision)',
        security: secured,
        params: IdParams,
        body: FileOrderSchema,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setFileOrder(app, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/revisions',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Changes to live listings waiting for review (admins)',
        security: secured,
        response: { 200: Type.Object({ items: Type.Array(RevisionSchema) }), ...errors(401, 403) },
      },
    },
    async () => ({ items: await service.listPendingRevisions(app) }),
  );

  app.patch(
    '/:id/revision',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: "Approve (applied at once) or reject (with a reason) a live listing's changes under review (admins)",
        security: secured,
        params: IdParams,
        body: ReviewRevisionSchema,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reviewRevision(app, actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/offPlan-progress/:propertyId',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Record construction progress of an own off-plan listing (lower than now: held for review)',
        security: secured,
        params: PropertyIdParams,
        body: ProgressSchema,
        response: { 200: ProgressPostedSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.addProgress(app, actorOf(request), request.params.propertyId, request.body),
  );

  app.get(
    '/active-investments',
    {
      onRequest: ownerOrAdmin('listings.read'),
      schema: {
        tags,
        summary: 'Who holds units of several listings at once (their owner, admins): `ids` is a comma-separated list of up to 100',
        security: secured,
        querystring: ActiveInvestmentsQuerySchema,
        response: { 200: Type.Array(ActiveInvestmentsSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.activeInvestmentsOf(app, actorOf(request), request.query.ids),
  );

  app.get(
    '/active-investments/:id',
    {
      onRequest: ownerOrAdmin('listings.read'),
      schema: {
        tags,
        summary: 'Who holds units of a listing (its owner, admins)',
        security: secured,
        params: IdParams,
        response: { 200: ActiveInvestmentsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.activeInvestments(app, actorOf(request), request.params.id),
  );

  app.get(
    '/owners-property/:ownerId',
    {
      onRequest: ownerOrAdmin('listings.read'),
      schema: {
        tags,
        summary: "An owner's listings (that owner, admins), each with its changes under review",
        security: secured,
        params: OwnerIdParams,
        querystring: OwnedQuerySchema,
        response: { 200: PageOf(PropertyWithRevisionSchema), ...errors(401, 403) },
      },
    },
    async (request) => service.ownersProperties(app, actorOf(request), request.params.ownerId, request.query),
  );

  app.get(
    '/owner/:propertyId',
    {
      onRequest: ownerOrAdmin('listings.read'),
      schema: {
        tags,
        summary: "The owner's view of a listing, with its figures",
        security: secured,
        params: PropertyIdParams,
        response: { 200: OwnerPropertyViewSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.ownerView(app, actorOf(request), request.params.propertyId),
  );

  app.get(
    '/:id',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags,
        summary: "A listing (public once live; its owner, admins and its holders always), with its sale's final figures once sold",
        params: IdParams,
        response: { 200: PropertyDetailSchema, ...errors(401, 404) },
      },
    },
    async (request) => service.getProperty(app, viewerOf(request), request.params.id),
  );

  app.delete(
    '/:id',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Delete any listing (admins; none sold)',
        security: secured,
        params: IdParams,
        response: { 200: MessageBody, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteProperty(app, actorOf(request), request.params.id, 'admin');
      return { message: 'Property deleted' };
    },
  );

  app.patch(
    '/:id/rental-ready',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Edit any rental-ready listing (admins)',
        security: secured,
        params: IdParams,
        body: RentalReadyUpdateSchema,
        response: { 200: PropertySchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateProperty(app, actorOf(request), request.params.id, 'RENTAL_READY', request.body, 'admin'),
  );

  app.patch(
    '/:id/off-plan',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Edit any off-plan listing (admins; a lower progress on a live listing is held for another admin)',
        security: secured,
        params: IdParams,
        body: OffPlanUpdateSchema,
        response: { 200: PropertyWithRevisionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateProperty(app, actorOf(request), request.params.id, 'OFF_PLAN', request.body, 'admin'),
  );

  app.patch(
    '/:id/review',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Approve (ACTIVE) or reject (REJECTED, with a reason) a listing pending review',
        security: secured,
        params: IdParams,
        body: ReviewSchema,
        response: { 200: PropertySchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reviewProperty(app, actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/resume',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Resume a suspended listing (admins; its owner must be VERIFIED again)',
        security: secured,
        params: IdParams,
        response: { 200: PropertySchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => service.resumeProperty(app, actorOf(request), request.params.id),
  );

  app.post(
    '/:id/handover',
    {
      onRequest: admin('listings.review'),
      schema: {
        tags,
        summary: 'Hand a listing over to another verified owner (admins, audited; both owners are told); 202: held for a second admin',
        security: secured,
        params: IdParams,
        body: HandOverSchema,
        response: { 200: PropertySchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const payload = { id: request.params.id, body: request.body };
      const pending = await held(app, actorOf(request), 'property.handover', payload);
      if (pending) return reply.status(202).send(pending);
      return service.handOverProperty(app, actorOf(request), payload.id, payload.body);
    },
  );
};

export default propertyRoutes;
