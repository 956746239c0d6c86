import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from 'shared-api/contract';
import { errors, IdParams, MessageBody, PageOf } from '../../lib/schema';
import { uploadsOf } from '../../plugins/uploads';
import { actorOf, currentUser } from '../../plugins/auth';
import {
  CompleteOnboardingSchema,
  QuestionnaireSchema,
  SubmittedQuestionnaireSchema,
  UpdateMeSchema,
  UpdatePasswordResultSchema,
  UpdatePasswordSchema,
  UserDetailSchema,
  UserIdParams,
  UserSchema,
  UsersQuerySchema,
  VerifyUserSchema,
} from './schemas';
import * as service from './service';
import { audit } from '../../lib/audit';
import { ApprovalRequestSchema, held } from '../approvals';
import { UserMetricsSchema } from './metrics-schema';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const single = (what: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data: one ${what} in the "file" field, 5 MB at most.`,
});

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = [app.authenticate];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];
  const investor = [app.authenticate, app.requireRole('INVESTOR')];
  const notAdmin = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];

  app.get(
    '/me',
    { onRequest: signedIn, schema: { tags, summary: 'The signed-in user', security, response: { 200: UserSchema, ...errors(401) } } },
    async (request) => service.getMe(app, actorOf(request)),
  );

  app.patch(
    '/me',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change own profile fields',
        security,
        body: UpdateMeSchema,
        response: { 200: UserSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.updateProfile(app, currentUser(request).id, request.body),
  );

  app.get(
    '/me/metrics',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Dashboard figures of the signed-in user', security, response: { 200: UserMetricsSchema, ...errors(401) } },
    },
    async (request) => service.getMyMetrics(app, actorOf(request)),
  );

  app.patch(
    '/me/profile-image',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Set the profile image',
        ...single('image'),
        security,
        response: { 200: UserSchema, ...errors(400, 401, 413, 415) },
      },
    },
    async (request) => service.uploadUserFile(app, actorOf(request), 'AVATAR', uploadsOf(request)),
  );

  app.patch(
    '/kyc',
    {
      onRequest: notAdmin,
      schema: {
        tags,
        summary: 'Upload an identity document (image)',
        ...single('image'),
        security,
        response: { 200: UserSchema, ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (request) => service.uploadUserFile(app, actorOf(request), 'KYC', uploadsOf(request)),
  );

  app.patch(
    '/kyc/business',
    {
      onRequest: notAdmin,
      schema: {
        tags,
        summary: 'Upload a business document (PDF or image)',
        ...single('PDF or image'),
        security,
        response: { 200: UserSchema, ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (request) => service.uploadUserFile(app, actorOf(request), 'BUSINESS_KYC', uploadsOf(request)),
  );

  app.patch(
    '/me/complete-onboarding',
    {
      onRequest: notAdmin,
      // The body is optional: no body means {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Submit onboarding for review (status PENDING unless verified)',
        security,
        body: CompleteOnboardingSchema,
        response: { 200: UserSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.completeOnboarding(app, actorOf(request), request.body),
  );

  app.patch(
    '/me/update-password',
    {
      onRequest: [...signedIn, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Change password (ends every session; returns a fresh token)',
        security,
        body: UpdatePasswordSchema,
        response: { 200: UpdatePasswordResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.updatePassword(app, actorOf(request), request.body),
  );

  app.get(
    '/me/questionnaire',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: "The investor's questionnaire answers",
        security,
        response: { 200: SubmittedQuestionnaireSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.getQuestionnaire(app, actorOf(request)),
  );

  app.put(
    '/me/questionnaire',
    {
      onRequest: investor,
      schema: {
        tags,
        summary: 'Save the questionnaire answers',
        security,
        body: QuestionnaireSchema,
        response: { 200: SubmittedQuestionnaireSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.saveQuestionnaire(app, actorOf(request), request.body),
  );

  // ---- Admins ----

  app.get(
    '/',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: 'List users (admins)',
        security,
        querystring: UsersQuerySchema,
        response: { 200: PageOf(UserSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.listUsers(app, request.query),
  );

  app.patch(
    '/verify/:userId',
    {
      onRequest: admin('people.verify'),
      schema: {
        tags,
        summary: 'Verify or reject a user (admins)',
        security,
        params: UserIdParams,
        body: VerifyUserSchema,
        response: { 200: UserSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const pending = await held(app, actorOf(request), 'person.verify', { userId, direct: request.body });
      if (pending) return reply.status(202).send(pending);
      return service.verifyUser(app, actorOf(request), userId, request.body);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: 'A user with documents and questionnaire (admins; every view is audited: user.view)',
        security,
        params: IdParams,
        response: { 200: UserDetailSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const detail = await service.getUserDetail(app, request.params.id);
      // Identity documents (their signed links) and answers are personal data: the view is recorded.
      await audit(app.db, actorOf(request), {
        action: 'user.view',
        targetType: 'user',
        targetId: detail._id,
        detail: { documents: detail.kycDocuments.length + detail.businessDocuments.length },
      });
      return detail;
    },
  );

  app.patch(
    '/:id',
    {
      onRequest: admin('people.edit'),
      schema: {
        tags,
        summary: "Change a user's profile fields (admins)",
        security,
        params: IdParams,
        body: UpdateMeSchema,
        response: { 200: UserDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminUpdateUser(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: admin('people.delete'),
      schema: {
        tags,
        summary: 'Delete an investor or owner (admins)',
        security,
        params: IdParams,
        response: { 200: MessageBody, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteUser(app, actorOf(request), request.params.id, 'NOT_ADMIN');
      return { message: MESSAGES.userDeleted };
    },
  );
};

export default userRoutes;
