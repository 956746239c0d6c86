// Wires the sweep of background exports interrupted by a crash (modules/transactions) when
// the configuration enables the retention jobs (HOUSEKEEPING): at start, then every minute.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleExportSweeps } from '../modules/transactions';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) scheduleExportSweeps(app);
  },
  { name: 'export-sweeps' },
);
