// The telemetry module's housekeeping job (run by plugins/housekeeping.ts with the others):
// page views past their retention go, their outcomes with them (ON DELETE CASCADE).
import type { FastifyInstance } from 'fastify';
import { deleteInBatches } from '../../lib/delete-in-batches';

/** Views (and their outcomes) are kept this long: `release status` reads at most 30 days. */
export const VIEW_RETENTION_DAYS = 30;

export const telemetryHousekeeping = {
  name: 'telemetryViews',
  run: (app: FastifyInstance): Promise<number> =>
    deleteInBatches(app, 'telemetry_views', `issued_at < now() - interval '${VIEW_RETENTION_DAYS} days'`),
};
