// Wires the notices' mail dispatcher (modules/notifications/job.ts) when the configuration
// enables it; it listens to the realtime plugin's events.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleMailDispatch } from '../modules/notifications';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) scheduleMailDispatch(app);
  },
  { name: 'mail-dispatcher', dependencies: ['realtime'] },
);
