import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, MessageBody } from '../../lib/schema';
import { limit } from '../../plugins/rate-limit';
import { actorOf, currentUser } from '../../plugins/auth';
import {
  AuthResultSchema,
  OtpGenerateSchema,
  OtpVerifySchema,
  ResetPasswordSchema,
  SigninSchema,
  SignupResultSchema,
  SignupSchema,
} from './schemas';
import * as service from './service';

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
      onRequest: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        ...signupSchema('Create an admin (admins only)'),
        security: secured,
        response: { 201: SignupResultSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.signup(app, request.body, { role: 'ADMIN', status: 'VERIFIED' }, actorOf(request));
    },
  );

  app.post(
    '/signin',
    {
      config: limit('signin'),
      schema: { tags, summary: 'Sign in', body: SigninSchema, response: { 200: AuthResultSchema, ...errors(400, 401, 403, 429) } },
    },
    async (request) => service.signin(app, request.body),
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
