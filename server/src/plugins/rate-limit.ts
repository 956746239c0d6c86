// Rate limits for the calls an attacker would hammer (sign-in, codes, reset, sign-up,
// support, telemetry). Counted in this process by default; with REDIS_URL every API
// instance counts in the same Redis keys, so N instances do not give N times the limit.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/http-error';

export const RATE_LIMITS = {
  signin: { max: 10, timeWindow: '1 minute' },
  signup: { max: 5, timeWindow: '1 minute' },
  otpGenerate: { max: 5, timeWindow: '10 minutes' },
  otpVerify: { max: 10, timeWindow: '10 minutes' },
  resetPassword: { max: 5, timeWindow: '10 minutes' },
  support: { max: 5, timeWindow: '10 minutes' },
  // Placing and cancelling market orders, per client.
  market: { max: 120, timeWindow: '1 minute' },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

const TOO_MANY = 'Too many requests, please try again later.';

export interface RateLimitOptions {
  enabled: boolean;
  /** Shared counters (several instances); null: in this process. */
  redisUrl?: string | null;
  /** Key prefix in Redis (several deployments or test runs sharing one Redis). */
  redisPrefix?: string;
}

async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions): Promise<void> {
  if (!opts.enabled) return;
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    // Fail fast rather than queue: a request never waits on an unreachable Redis.
    redis = new Redis(opts.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    let down = false;
    redis.on('error', (err) => {
      if (!down)
        app.log.error({ err: { message: err.message } }, 'rate limits: Redis unavailable; limits are not enforced until it is back');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('rate limits: Redis is back');
      down = false;
    });
    try {
      await redis.connect();
    } catch (err) {
      // Start anyway: the server works without limits (nginx still limits sign-in per address).
      app.log.error({ err: { message: (err as Error).message } }, 'rate limits: Redis unreachable at start');
    }
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not take the API down with it: the request goes on, unlimited.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${opts.redisPrefix ?? 'tessera:'}rl:` } : {}),
    errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, TOO_MANY),
  });
}

/** Route `config` for a named limit (ignored when rate limiting is off). */
export function limit(name: RateLimitName): { rateLimit: { max: number; timeWindow: string } } {
  return { rateLimit: { ...RATE_LIMITS[name] } };
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
