// GET  /v1/telemetry/view: a signed view id for a tab previewing versions (`?preview=`)
//   whose served page was not issued for its pins (the pins are kept in the tab's session).
//   The view is assigned the pinned versions only, under the `preview` channel, which no
//   rollout decision reads: a request from outside the served pages cannot mint a view
//   that counts for the stable or a canary. Every page view's own view id comes with its
//   HTML (plugins/ssr.ts: server-rendered pages and the shell page alike). ./views.ts.
// POST /v1/telemetry/remote-load: anonymous, rate limited per IP, body validated. Counts only
//   with the view the page was served (./service.ts record): at most one outcome per view
//   and remote; unsigned, replayed, mismatched or over-cap reports add nothing (still 204:
//   the browser's beacon reads no answer; `Telemetry-Counted` says what was applied).
// GET  /v1/telemetry/remote-load/summary: health per remote version, and the live stable's
//   beside the canary's (admins; `release status`). server/README.md documents the JSON.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error';
import { errors } from '../../lib/schema';
import { releaseTokenOrAdmin } from '../release-tokens';
import { RemoteLoadBodySchema, SummaryQuerySchema, SummarySchema, ViewQuerySchema, ViewSchema } from './schemas';
import * as service from './service';
import { uaClass } from './ua';

const tags = ['telemetry'];
/** Per IP (behind nginx set TRUST_PROXY to its hops so request.ip is the client's): a report per hidden page. */
export const REMOTE_LOAD_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Per IP: one per page a previewing tab boots. */
export const VIEW_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 20);

const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/view',
    {
      config: { rateLimit: { ...VIEW_LIMIT } },
      schema: {
        tags,
        summary: 'A signed view id for a tab previewing versions: assigned the pinned versions only (channel preview)',
        description:
          'preview: `remote@version` pins of published versions (comma-separated); cohort and remote are accepted and ignored. 400 when no pin is of a published version; 429 past the per-address cap.',
        querystring: ViewQuerySchema,
        response: { 200: ViewSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const preview = list(request.query.preview);
      if (Object.keys(service.previewAssignment(app, preview)).length === 0)
        throw new HttpError(400, 'Nothing to preview: pin a published version (remote@version)');
      const issued = await service.issueView(app, { ip: request.ip, cohort: null, preview, previewOnly: true });
      if (!issued) throw new HttpError(429, 'Too many page views from this address');
      return { view: issued.token, expiresAt: issued.view.expiresAt.toISOString(), assignment: issued.view.assignment };
    },
  );

  app.post(
    '/remote-load',
    {
      bodyLimit: 16384,
      config: { rateLimit: { ...REMOTE_LOAD_LIMIT } },
      schema: {
        tags,
        summary: 'Report how remote versions fared in one page view (the shell, when the page is hidden or left; best effort)',
        description:
          'Counts only with `view`, the signed view id the page was served, and only for the versions that view was assigned; items of versions that are not published are dropped (422 when no item is of a published version).',
        body: RemoteLoadBodySchema,
        response: {
          204: Type.Null({ description: 'Received (the Telemetry-Counted header says how many items counted)' }),
          ...errors(400, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const versions = request.headers['x-client-versions'];
      const result = await service.record(app, request.body, {
        uaClass: uaClass(request.headers['user-agent']),
        clientVersions: typeof versions === 'string' ? versions : undefined,
      });
      const { refused } = result;
      if (result.kept === 0 && refused.length > 0) {
        throw new HttpError(422, `Not a published version: ${[...new Set(refused.map((r) => `${r.remote} ${r.version}`))].join(', ')}`);
      }
      reply.header('Telemetry-Counted', String(result.counted));
      if (result.ignored) reply.header('Telemetry-Ignored', result.ignored);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/remote-load/summary',
    {
      onRequest: [releaseTokenOrAdmin(app)], // an admin's session, or a release token (valid for this route only)
      schema: {
        tags,
        summary: 'Health per remote version, the stable beside the canary (admins, release tokens)',
        security: [{ bearerAuth: [] }],
        querystring: SummaryQuerySchema,
        response: { 200: SummarySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.summary(app, request.query.hours ?? 24, request.query.alpha ?? 0.05),
  );
};

export default telemetryRoutes;
