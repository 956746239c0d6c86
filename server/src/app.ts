// Builds the Fastify app: database and migrations, cross-cutting plugins, then one
// module per resource. main.ts starts it; tests build it the same way.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { BRAND } from 'shared-api/contract';
import type { Config } from './config';
import { createDatabase, type Database, type Db } from './db/client';
import { migrate, type MigrateOptions } from './db/migrate';
import { BackgroundWork } from './lib/background';
import { badRequest } from './lib/http-error';
import { containsNul, NUL_MESSAGE } from './lib/text';
import { ensureAdmin, seedIfEmpty, type SeedReport } from './db/seed';
import { createMailer, type Mailer } from './mail/mailer';
import { adminRoutes } from './modules/admin';
import { approvalRoutes } from './modules/approvals';
import { exitRoutes } from './modules/exits';
import { authRoutes, mustEnrolSecondFactor } from './modules/auth';
import { FileLinks, fileRoutes } from './modules/files';
import { generalRoutes } from './modules/general';
import { holdingRoutes } from './modules/holdings';
import { orderRoutes } from './modules/orders';
import { portfolioRoutes } from './modules/portfolio';
import { createPaymentProvider, paymentRoutes, type PaymentProvider } from './modules/payments';
import { payoutDestinationRoutes } from './modules/payout-destinations';
import { payoutRoutes } from './modules/payouts';
import { propertyRoutes } from './modules/properties';
import { statementRoutes } from './modules/statements';
import { supportRoutes } from './modules/support';
import { exportHousekeeping, transactionRoutes } from './modules/transactions';
import { caseRoutes, userRoutes } from './modules/users';
import { telemetryHousekeeping, telemetryRoutes } from './modules/telemetry';
import { releaseTokenRoutes } from './modules/release-tokens';
import { walletRoutes } from './modules/wallets';
import auditTrailPlugin from './plugins/audit-trail';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import staticPlugin, { spaFallback } from './plugins/static';
import ssrPlugin, { type PageFallback } from './plugins/ssr';
import securityHeaders from './plugins/security-headers';
import uploadsPlugin from './plugins/uploads';
import housekeepingPlugin from './plugins/housekeeping';
import distributionsPlugin from './plugins/distributions';
import exportSweepsPlugin from './plugins/export-sweeps';
import realtimePlugin from './plugins/realtime';
import mailDispatcherPlugin from './plugins/mail-dispatcher';
import { notificationRoutes } from './modules/notifications';
import marketPlugin from './plugins/market';
import chainPlugin from './plugins/chain';
import proposalsPlugin from './plugins/proposals';
import { marketRoutes } from './modules/market';
import { chainReadRoutes, chainRoutes, tokenClaimRoutes } from './modules/chain';
import { returnsRoutes } from './modules/returns';
import { proposalRoutes } from './modules/proposals';
import { createLocalStorage, type Storage } from './storage/storage';
import { createS3Storage } from './storage/s3';
import { VERSION } from './version';

// An alias: inside the augmentation, the declaration file (what tests compile against)
// would lose the import of RouteOptions.
type RegisteredRoute = RouteOptions;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    background: BackgroundWork;
    mailer: Mailer;
    storage: Storage;
    links: FileLinks;
    payments: PaymentProvider;
    seedReport: SeedReport | null;
    /** Every route as registered (method, url, schema): the fuzz tests cover each one. */
    routeList: readonly RegisteredRoute[];
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Replace the local-folder storage (tests). */
  storage?: Storage;
  /** Other migrations or database rules folders than the built-in ones (tests). */
  migrations?: MigrateOptions;
}

/** Ajv coerces query strings, path and headers, never bodies; unknown body fields are refused. */
function validatorCompiler() {
  const common = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false } as const;
  const body = new Ajv({ ...common, coerceTypes: false });
  const other = new Ajv({ ...common, coerceTypes: 'array' });
  addFormats(body);
  addFormats(other);
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => (httpPart === 'body' ? body : other).compile(schema);
}

/** The modules' housekeeping jobs (plugins/housekeeping.ts runs them with its own). */
export const HOUSEKEEPING_JOBS = [telemetryHousekeeping, exportHousekeeping] as const;

/** TRUST_PROXY as Fastify takes it: n hops are "trust the n closest addresses" (true: 1 hop). */
export function trustProxyOption(t: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (t === false) return false;
  if (Array.isArray(t)) return t;
  const hops = t === true ? 1 : t;
  return (_address, hop) => hop < hops;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    },
    // A number of hops or the proxies' addresses, never `true` (Fastify's "trust every hop"
    // would take the leftmost X-Forwarded-For, which the client writes).
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify's 10 s per plugin is short for a start on a busy machine: instances starting
    // together wait for each other's migrations and seeding, and the realtime plugin's LISTEN
    // connection once took longer than that at a load average of 14 (CI). A plugin that hangs
    // still stops the start, after 60 s.
    pluginTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // A client that trickles its request (slowloris) is cut off; an idle socket too when set.
    // Downloads keep their socket busy, so neither limits a long export.
    requestTimeout: config.requestTimeoutMs ?? 60_000,
    connectionTimeout: config.connectionTimeoutMs ?? 0,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler());
  const routeList: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeList.push(route);
  });
  app.decorate('routeList', routeList);
  // A JSON API (plus multipart uploads): text bodies are refused with 415.
  app.removeContentTypeParser('text/plain');

  const database = await createDatabase(config);
  const background = new BackgroundWork();
  app.addHook('onClose', async () => {
    // Background work (exports) ends before the database it writes to.
    await background.idle();
    await database.close();
  });
  try {
    const applied = await migrate(database, options.migrations);
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  } catch (err) {
    await database.close();
    throw err;
  }

  const storage = options.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadDir));
  app.addHook('onClose', async () => storage.close?.());

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());

  await app.register(
    fp(
      async (a) => {
        a.decorate('config', config);
        a.decorate('database', database);
        a.decorate('background', background);
        a.decorate('db', database.db);
        a.decorate('mailer', mailer);
        a.decorate('storage', storage);
        a.decorate('links', new FileLinks(config.jwtSecret, config.linkTtlMinutes));
        a.decorate('payments', createPaymentProvider(config));
        a.decorate('seedReport', null);
      },
      { name: 'db' },
    ),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    const origin = request.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, X-Client-Versions')
          .header('Access-Control-Max-Age', '600')
          .status(204)
          .send();
      }
    }
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  // Single-origin mode: nginx's security headers on every response (before any route).
  if (config.webRoot) await app.register(securityHeaders);
  // The shell's routes: the server-rendered plugin's shell page (with a view id) when it is on, else the static one.
  const pageFallback: PageFallback = {};
  await app.register(errorsPlugin, {
    notFound: (request, reply) => pageFallback.serve?.(request, reply) || (config.webRoot ? spaFallback(request, reply) : false),
  });
  await app.register(rateLimitPlugin, { enabled: config.rateLimit, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  await app.register(auditTrailPlugin);
  await app.register(authPlugin, { config, mustEnrol: mustEnrolSecondFactor });
  await app.register(uploadsPlugin);
  await app.register(housekeepingPlugin, { enabled: config.housekeeping, jobs: HOUSEKEEPING_JOBS });
  await app.register(distributionsPlugin, { enabled: config.distributionsJob });
  await app.register(exportSweepsPlugin, { enabled: config.housekeeping });
  await app.register(realtimePlugin);
  await app.register(mailDispatcherPlugin, { enabled: config.mailDispatcher });
  await app.register(marketPlugin, { enabled: config.marketJob });
  await app.register(chainPlugin, { config: config.chain });
  await app.register(proposalsPlugin, { enabled: config.proposalsJob, everyMs: config.proposalsJobEveryMs });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${BRAND} API`, version: VERSION, description: 'Fractional real-estate investment platform.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  // Public pages as HTML, sitemap.xml, robots.txt (issue 21): from the releases root nginx serves
  // (RELEASES_DIR, its live remotes.json), else from the web root this server serves. Either way
  // `/` is then a page, not the API's greeting.
  const ssrRoot = config.releasesDir ?? config.webRoot ?? null;
  await app.register(generalRoutes, { withRoot: !config.webRoot && !ssrRoot });
  await app.register(authRoutes, { prefix: '/v1/auth' });
  await app.register(userRoutes, { prefix: '/v1/users' });
  await app.register(adminRoutes, { prefix: '/v1/admin' });
  await app.register(caseRoutes, { prefix: '/v1/admin/cases' });
  await app.register(propertyRoutes, { prefix: '/v1/properties' });
  await app.register(exitRoutes, { prefix: '/v1/properties' });
  await app.register(walletRoutes, { prefix: '/v1/wallets' });
  await app.register(paymentRoutes, { prefix: '/v1/payments' });
  await app.register(payoutRoutes, { prefix: '/v1/payouts' });
  await app.register(approvalRoutes, { prefix: '/v1/approvals' });
  await app.register(payoutDestinationRoutes, { prefix: '/v1/wallets/destinations' });
  await app.register(orderRoutes, { prefix: '/v1/orders' });
  await app.register(holdingRoutes, { prefix: '/v1/holdings' });
  await app.register(portfolioRoutes, { prefix: '/v1/portfolio' });
  await app.register(transactionRoutes, { prefix: '/v1/transactions' });
  await app.register(statementRoutes, { prefix: '/v1' });
  await app.register(returnsRoutes, { prefix: '/v1' });
  await app.register(marketRoutes, { prefix: '/v1' });
  await app.register(proposalRoutes, { prefix: '/v1' });
  await app.register(chainRoutes, { prefix: '/v1/admin' });
  await app.register(chainReadRoutes, { prefix: '/v1' });
  await app.register(tokenClaimRoutes, { prefix: '/v1' });
  await app.register(supportRoutes);
  await app.register(notificationRoutes);
  await app.register(fileRoutes, { prefix: '/download' });
  await app.register(telemetryRoutes, { prefix: '/v1/telemetry' });
  await app.register(releaseTokenRoutes, { prefix: '/v1/admin/release-tokens' });
  if (ssrRoot)
    await app.register(ssrPlugin, {
      root: ssrRoot,
      publicUrl: config.publicUrl,
      sitemapUrlsPerFile: config.sitemapUrlsPerFile,
      fallback: pageFallback,
    });
  if (config.webRoot) await app.register(staticPlugin, { root: config.webRoot, rootPage: !ssrRoot });

  await app.ready();
  // Several instances may start together on an empty database: one seeds, the others then find it seeded.
  try {
    await database.exclusive(async () => {
      if (config.seed) app.seedReport = await seedIfEmpty(app);
      await ensureAdmin(app);
    });
  } catch (err) {
    // Its connections go too, so a failed start leaves nothing open.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
