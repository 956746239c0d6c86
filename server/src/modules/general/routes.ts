// Health: GET / on the API's own listener, and GET /v1/health always (in the embedded
// single-origin mode the web app owns /).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { HealthStatus } from 'shared-api/contract';
import { HttpError } from '../../lib/http-error';
import { errors, StringEnum } from '../../lib/schema';
import { VERSION } from '../../version';

const HealthSchema = Type.Object({
  status: StringEnum(['ok'] as const),
  service: StringEnum(['tessera-api'] as const),
  version: Type.String(),
  database: StringEnum(['postgres', 'pglite'] as const),
  time: Type.String({ format: 'date-time' }),
});

const generalRoutes: FastifyPluginAsyncTypebox<{ withRoot: boolean }> = async (app, opts) => {
  const schema = { tags: ['general'], summary: 'Health', response: { 200: HealthSchema, ...errors(503) } };
  const health = async (): Promise<HealthStatus> => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (err) {
      app.log.error({ err }, 'health: database unavailable');
      throw new HttpError(503, 'Database unavailable');
    }
    return { status: 'ok', service: 'tessera-api', version: VERSION, database: app.database.kind, time: new Date().toISOString() };
  };
  if (opts.withRoot) app.get('/', { schema }, health);
  app.get('/v1/health', { schema }, health);
};

export default generalRoutes;
