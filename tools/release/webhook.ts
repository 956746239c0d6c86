// Notifications of rollout decisions: a JSON POST to a webhook on every decision a tick
// carries out (advance, promote, rollback) and when a rollout starts waiting for approval.
//
// The body is signed: `X-Tessera-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with
// the secret of RELEASE_WEBHOOK_SECRET (the receiver computes the same over the bytes it
// got and compares in constant time). The body carries a delivery id and the time, so a
// receiver can refuse a replay; retries of one delivery keep its id (X-Tessera-Delivery).
// A failed attempt (network error, timeout, 408, 429, 5xx) is retried with exponential
// backoff, within a bounded number of attempts and a deadline: a tick never waits on a
// webhook for longer than that, and a webhook never changes a decision.
import { createHmac, randomUUID } from 'node:crypto';
import { ReleaseError } from './errors';

export interface WebhookConfig {
  url: string;
  secret: string;
  /** Attempts per delivery, the first included. */
  attempts: number;
  /** Each attempt's timeout. */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles. */
  backoffMs: number;
  /** No attempt starts, and no wait runs, past this long after the first. */
  deadlineMs: number;
}

export const WEBHOOK_DEFAULTS = { attempts: 5, timeoutMs: 5_000, backoffMs: 500, deadlineMs: 30_000 };

const positiveInt = (v: string | undefined, name: string, fallback: number) => {
  if (v === undefined || v === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(v)) throw new ReleaseError(`${name} must be a whole number of at least 1, not "${v}"`);
  return Number(v);
};

/**
 * The webhook of --webhook URL or RELEASE_WEBHOOK_URL (none: null), its secret from
 * RELEASE_WEBHOOK_SECRET (required: an unsigned notification could be anyone's), and its
 * bounds from RELEASE_WEBHOOK_ATTEMPTS, RELEASE_WEBHOOK_TIMEOUT_MS, RELEASE_WEBHOOK_BACKOFF_MS
 * and RELEASE_WEBHOOK_DEADLINE_MS.
 */
export function webhookFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): WebhookConfig | null {
  const url = flag ?? env.RELEASE_WEBHOOK_URL;
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReleaseError(`the webhook URL "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ReleaseError(`the webhook URL must be http(s): ${url}`);
  const secret = env.RELEASE_WEBHOOK_SECRET;
  if (!secret)
    throw new ReleaseError(
      'a webhook needs its signing secret: set RELEASE_WEBHOOK_SECRET (the receiver checks X-Tessera-Signature with it)',
    );
  return {
    url,
    secret,
    attempts: positiveInt(env.RELEASE_WEBHOOK_ATTEMPTS, 'RELEASE_WEBHOOK_ATTEMPTS', WEBHOOK_DEFAULTS.attempts),
    timeoutMs: positiveInt(env.RELEASE_WEBHOOK_TIMEOUT_MS, 'RELEASE_WEBHOOK_TIMEOUT_MS', WEBHOOK_DEFAULTS.timeoutMs),
    backoffMs: positiveInt(env.RELEASE_WEBHOOK_BACKOFF_MS, 'RELEASE_WEBHOOK_BACKOFF_MS', WEBHOOK_DEFAULTS.backoffMs),
    deadlineMs: positiveInt(env.RELEASE_WEBHOOK_DEADLINE_MS, 'RELEASE_WEBHOOK_DEADLINE_MS', WEBHOOK_DEFAULTS.deadlineMs),
  };
}

/** The X-Tessera-Signature value of `body`. */
export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export interface Delivery {
  ok: boolean;
  attempts: number;
  /** The last answer's HTTP status, if any. */
  status?: number;
  /** Why the last attempt failed. */
  error?: string;
  id: string;
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs `payload` (plus its delivery id and time) until it is taken, within the config's bounds. */
export async function deliver(cfg: WebhookConfig, event: string, payload: Record<string, unknown>, now = new Date()): Promise<Delivery> {
  const id = randomUUID();
  const body = JSON.stringify({ id, event, time: now.toISOString(), ...payload });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'tessera-release',
    'x-tessera-event': event,
    'x-tessera-delivery': id,
    'x-tessera-signature': sign(cfg.secret, body),
  };
  const start = Date.now();
  const left = () => cfg.deadlineMs - (Date.now() - start);
  let last: Omit<Delivery, 'id' | 'attempts'> = { ok: false, error: 'not sent' };
  let attempt = 0;
  while (attempt < cfg.attempts && left() > 0) {
    attempt++;
    try {
      const res = await fetch(cfg.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(Math.max(1, Math.min(cfg.timeoutMs, left()))),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return { ok: true, attempts: attempt, status: res.status, id };
      last = { ok: false, status: res.status, error: `answered ${res.status}` };
      if (!retryable(res.status)) break;
    } catch (err) {
      const e = err as Error;
      last = { ok: false, error: e.name === 'TimeoutError' ? `no answer within ${cfg.timeoutMs} ms` : e.message };
    }
    if (attempt >= cfg.attempts) break;
    const wait = cfg.backoffMs * 2 ** (attempt - 1);
    if (wait >= left()) break;
    await sleep(wait);
  }
  return { ...last, attempts: attempt, id };
}
