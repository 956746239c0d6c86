// The LISTEN side of real-time events (issue 19): one dedicated connection per API instance
// LISTENs on REALTIME_CHANNEL (lib/realtime.ts publishes there, inside transactions, so only
// committed changes are heard) and fans each event out, in process, to the server-sent-event
// streams subscribed to its topic (GET /v1/events, modules/notifications/routes.ts) and to
// in-process listeners (the mail dispatcher's kick).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RealtimeMessage } from 'shared-api/contract';
import { REALTIME_CHANNEL } from '../lib/realtime';

export interface RealtimeSubscriber {
  topics: readonly string[];
  send(message: RealtimeMessage): void;
}

export interface RealtimeHub {
  /** Adds a stream; returns the function that removes it. */
  subscribe(s: RealtimeSubscriber): () => void;
  /** Every event heard by this instance (after commit). */
  onEvent(listener: (message: RealtimeMessage) => void): () => void;
  /** Open streams (tests, metrics). */
  readonly size: number;
  /** Called when the app closes: ends the open streams so the server can stop. */
  onShutdown(fn: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

function parse(payload: string): RealtimeMessage | null {
  try {
    const m = JSON.parse(payload) as Partial<RealtimeMessage>;
    if (typeof m.topic !== 'string' || typeof m.type !== 'string') return null;
    return { topic: m.topic, type: m.type, ...(m.data && typeof m.data === 'object' ? { data: m.data } : {}) };
  } catch {
    return null;
  }
}

async function realtimePlugin(app: FastifyInstance): Promise<void> {
  const byTopic = new Map<string, Set<RealtimeSubscriber>>();
  const listeners = new Set<(m: RealtimeMessage) => void>();
  const shutdown = new Set<() => void>();
  let size = 0;

  const deliver = (m: RealtimeMessage) => {
    for (const s of byTopic.get(m.topic) ?? []) {
      try {
        s.send(m);
      } catch (err) {
        app.log.warn({ err }, 'realtime: a stream refused an event');
      }
    }
    for (const l of listeners) l(m);
  };

  const hub: RealtimeHub = {
    subscribe(s) {
      for (const t of s.topics) {
        let set = byTopic.get(t);
        if (!set) byTopic.set(t, (set = new Set()));
        set.add(s);
      }
      size += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        size -= 1;
        for (const t of s.topics) {
          const set = byTopic.get(t);
          set?.delete(s);
          if (set && set.size === 0) byTopic.delete(t);
        }
      };
    },
    onEvent(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get size() {
      return size;
    },
    onShutdown(fn) {
      shutdown.add(fn);
      return () => shutdown.delete(fn);
    },
  };
  app.decorate('realtime', hub);

  const stop = await app.database.listen(
    REALTIME_CHANNEL,
    (payload) => {
      const m = parse(payload);
      if (m) deliver(m);
    },
    (up, err) => {
      if (up) app.log.info('realtime: listening again');
      else app.log.warn({ err }, 'realtime: the LISTEN connection dropped; reconnecting');
    },
  );
  // Open streams first (the HTTP server waits for them), then the LISTEN connection.
  app.addHook('preClose', async () => {
    for (const fn of [...shutdown]) fn();
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['db'] });
