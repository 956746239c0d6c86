import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_ADMIN_ROLE } from 'shared-api/contract/admin';
import { errors, MessageBody } from '../../lib/schema';
import { limit } from '../../plugins/rate-limit';
import { actorOf, currentUser } from '../../plugins/auth';
import {
  AuthResultSchema,
  EmailChangeConfirmSchema,
  EmailChangedSchema,
  EmailChangePendingSchema,
  EmailChangeSchema,
  RecoveryCodesRenewedSchema,
  SecondFactorSchema,
  SigninResultSchema,
  StepUpSchema,
  TwoFactorConfirmSchema,
  TwoFactorEnabledSchema,
  TwoFactorRemoveSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  OtpGenerateSchema,
  PasskeyAssertionSchema,
  PasskeyIdParams,
  PasskeyInfoSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySecondFactorOptionsSchema,
  PasskeySecondFactorSchema,
  OtpVerifySchema,
  ResetPasswordSchema,
  SigninSchema,
  SignupResultSchema,
  SignupSchema,
  AdminSignupSchema,
} from './schemas';
import * as service from './service';
import { ApprovalRequestSchema, fourEyesOn, held } from '../approvals';
import './approvals';
import { LockedError } from './throttle';
import * as twoFactor from './two-factor';
import * as emailChange from './email-change';
import * as passkeys from './passkeys';

const tags = ['auth'];
const secured = [{ bearerAuth: [] }];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signupSchema = (summary: string) => ({
    tags,
    summary,
    body: SignupSchema,
    response: { 201: SignupResultSchema, ...errors(400, 409, 429) },
  });

  app.post('/signup/investor', { config: limit('signup'), schema: signupSchema('Sign up as an investor') }, async (request, reply) => {
    reply.status(201);
    return service.signup(app, request.body, { role: 'INVESTOR' });
  });

  app.post(
    '/signup/property-owner',
    { config: limit('signup'), schema: signupSchema('Sign up as a property owner') },
    async (request, reply) => {
      reply.status(201);
      return service.signup(app, request.body, { role: 'PROPERTY_OWNER' });
    },
  );

  app.post(
    '/signup/admin',
    {
      onRequest: [app.authenticate, app.requireAdmin('admins.manage'), app.requireRecentAuth],
      schema: {
        ...signupSchema('Create an admin with an admin role (super admins; default SUPPORT, the least privilege)'),
        body: AdminSignupSchema,
        security: secured,
        response: { 201: SignupResultSchema, 202: ApprovalRequestSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const pending = fourEyesOn(app, 'admin.create')
        ? await held(app, actorOf(request), 'admin.create', await service.adminToCreate(app, request.body))
        : null;
      if (pending) return reply.status(202).send(pending);
      reply.status(201);
      const { adminRole = DEFAULT_ADMIN_ROLE, ...body } = request.body;
      return service.signup(app, body, { role: 'ADMIN', status: 'VERIFIED', adminRole }, actorOf(request));
    },
  );

  app.post(
    '/signin',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: 'Sign in (an account with two-factor sign-in gets a challenge instead of tokens)',
        body: SigninSchema,
        response: { 200: SigninResultSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      try {
        return await service.signin(app, request.body, { ip: request.ip ?? '', userAgent: request.headers['user-agent'] ?? '' });
      } catch (err) {
        if (err instanceof LockedError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.post(
    '/signin/second-factor',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: 'Finish a sign-in with an authenticator or recovery code',
        body: SecondFactorSchema,
        response: { 200: AuthResultSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      try {
        return await service.completeSignin(app, request.body, {
          ip: request.ip ?? '',
          userAgent: request.headers['user-agent'] ?? '',
        });
      } catch (err) {
        if (err instanceof LockedError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.post(
    '/step-up',
    {
      config: limit('signin'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Confirm it's you (a code, or the password without two-factor sign-in)",
        security: secured,
        body: StepUpSchema,
        response: { 200: MessageBody, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      try {
        return await service.stepUp(app, currentUser(request), request.body, request.ip ?? '');
      } catch (err) {
        if (err instanceof LockedError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.get(
    '/two-factor',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Two-factor sign-in: on or off',
        security: secured,
        response: { 200: TwoFactorStatusSchema, ...errors(401) },
      },
    },
    async (request) => twoFactor.status(app, currentUser(request).id),
  );

  app.post(
    '/two-factor/setup',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Start two-factor setup: a new secret, its otpauth URI and QR code',
        security: secured,
        response: { 200: TwoFactorSetupSchema, ...errors(401, 409) },
      },
    },
    async (request) => twoFactor.startSetup(app, actorOf(request)),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: limit('otpVerify'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes, once',
        security: secured,
        body: TwoFactorConfirmSchema,
        response: { 200: TwoFactorEnabledSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => twoFactor.confirmSetup(app, actorOf(request), request.body.code),
  );

  app.post(
    '/two-factor/remove',
    {
      config: limit('otpVerify'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password and a current code)',
        security: secured,
        body: TwoFactorRemoveSchema,
        response: { 200: TwoFactorStatusSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => twoFactor.removeFactor(app, actorOf(request), request.body),
  );

  // ---- Passkeys ----
  const rpOf = (request: FastifyRequest) => passkeys.relyingParty(app, request.host);
  const from = (request: FastifyRequest) => ({ ip: request.ip ?? '', userAgent: request.headers['user-agent'] ?? '' });
  /** The account's lock answers 429 with its wait, as on the password sign-in. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof LockedError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  };

  app.get(
    '/passkeys',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'My passkeys', security: secured, response: { 200: PasskeyListSchema, ...errors(401) } },
    },
    async (request) => passkeys.listPasskeys(app.db, currentUser(request).id),
  );

  app.post(
    '/passkeys/register/options',
    {
      onRequest: [app.authenticate, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Start adding a passkey (needs a recent authentication)',
        security: secured,
        response: { 200: PasskeyOptionsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => passkeys.registrationOptions(app, currentUser(request), rpOf(request)),
  );

  app.post(
    '/passkeys/register',
    {
      config: limit('otpVerify'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Add a passkey: the browser's answer to the options and a name",
        security: secured,
        body: PasskeyRegisterSchema,
        response: { 201: PasskeyInfoSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await passkeys.register(app, currentUser(request), actorOf(request), rpOf(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.patch(
    '/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Rename a passkey',
        security: secured,
        params: PasskeyIdParams,
        body: PasskeyRenameSchema,
        response: { 200: PasskeyInfoSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => passkeys.rename(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: [app.authenticate, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent authentication; e-mails a notice)',
        security: secured,
        params: PasskeyIdParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => passkeys.remove(app, actorOf(request), request.params.id),
  );

  app.post(
    '/passkeys/signin/options',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: 'Start a sign-in with a passkey (no e-mail or password)',
        response: { 200: PasskeyOptionsSchema, ...errors(400, 429) },
      },
    },
    async (request) => passkeys.signinOptions(app, rpOf(request)),
  );

  app.post(
    '/passkeys/signin',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: 'Sign in with a passkey',
        body: PasskeyAssertionSchema,
        response: { 200: AuthResultSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => passkeys.signin(app, rpOf(request), request.body.credential, from(request))),
  );

  app.post(
    '/signin/second-factor/passkey/options',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: "Start finishing a sign-in with one of the account's passkeys",
        body: PasskeySecondFactorOptionsSchema,
        response: { 200: PasskeyOptionsSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => passkeys.secondFactorOptions(app, rpOf(request), request.body.challengeToken),
  );

  app.post(
    '/signin/second-factor/passkey',
    {
      config: limit('signin'),
      schema: {
        tags,
        summary: 'Finish a sign-in with a passkey',
        body: PasskeySecondFactorSchema,
        response: { 200: AuthResultSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => passkeys.completeSignin(app, rpOf(request), request.body, from(request))),
  );

  app.post(
    '/step-up/passkey/options',
    {
      config: limit('signin'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Start confirming it's you with a passkey",
        security: secured,
        response: { 200: PasskeyOptionsSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => passkeys.stepUpOptions(app, rpOf(request), currentUser(request)),
  );

  app.post(
    '/step-up/passkey',
    {
      config: limit('signin'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Confirm it's you with a passkey",
        security: secured,
        body: PasskeyAssertionSchema,
        response: { 200: MessageBody, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, () => passkeys.stepUp(app, rpOf(request), currentUser(request), request.body.credential, request.ip ?? '')),
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      onRequest: [app.authenticate, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Ten new recovery codes in place of the old ones; answers them, once',
        security: secured,
        response: { 200: RecoveryCodesRenewedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => twoFactor.renewRecoveryCodes(app, actorOf(request)),
  );

  app.get(
    '/email-change',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'The change of e-mail address waiting for its confirmation, if any',
        security: secured,
        response: { 200: EmailChangePendingSchema, ...errors(401) },
      },
    },
    async (request) => emailChange.pendingEmailChange(app, currentUser(request).id),
  );

  app.post(
    '/email-change',
    {
      config: limit('otpGenerate'),
      onRequest: [app.authenticate, app.requireRecentAuth],
      schema: {
        tags,
        summary: 'Ask to change the e-mail address: a link goes to the new one, a notice to the old one',
        security: secured,
        body: EmailChangeSchema,
        response: { 200: MessageBody, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => emailChange.requestEmailChange(app, actorOf(request), request.body),
  );

  app.post(
    '/email-change/confirm',
    {
      config: limit('otpVerify'),
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change the e-mail address with the link sent to the new one (once)',
        security: secured,
        body: EmailChangeConfirmSchema,
        response: { 200: EmailChangedSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => emailChange.confirmEmailChange(app, actorOf(request), request.body),
  );

  app.post(
    '/otp/generate',
    {
      config: limit('otpGenerate'),
      schema: {
        tags,
        summary: 'Send a one-time code (always answers the same)',
        body: OtpGenerateSchema,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => service.generateOtp(app, request.body),
  );

  app.post(
    '/otp/verify',
    {
      config: limit('otpVerify'),
      schema: {
        tags,
        summary: 'Check a one-time code (VERIFY_EMAIL marks the address verified)',
        body: OtpVerifySchema,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => service.verifyOtp(app, request.body),
  );

  app.post(
    '/reset-password',
    {
      config: limit('resetPassword'),
      schema: {
        tags,
        summary: 'Choose a new password with a RESET_PASSWORD code',
        body: ResetPasswordSchema,
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => service.resetPassword(app, request.body),
  );

  app.post(
    '/logout',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'End this session', security: secured, response: { 200: MessageBody, ...errors(401) } },
    },
    async (request) => service.logout(app, currentUser(request)),
  );

  app.post(
    '/refresh',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Swap a valid token for a fresh one',
        security: secured,
        response: { 200: AuthResultSchema, ...errors(401) },
      },
    },
    async (request) => service.refresh(app, currentUser(request)),
  );
};

export default authRoutes;
