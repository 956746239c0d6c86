// Server-sent events (issue 19): GET /v1/events streams the real-time events of the topics
// asked for. EventSource cannot send an Authorization header, so a signed-in page first
// gets a short-lived ticket (POST /v1/events/ticket, 60 s, signed) and opens the stream
// with it; the person's own `user:<id>` topic is then always included. Without a ticket
// only public topics (`market:<propertyId>`) may be asked for.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { users } from '../../db/schema';
import type { RealtimeMessage } from 'shared-api/contract';
import { HttpError, badRequest, forbidden, unauthorized } from '../../lib/http-error';
import { userTopic } from '../../lib/realtime';
import { UUID_SOURCE } from '../../lib/schema';

export const TICKET_TTL_SECONDS = 60;
export const PING_MS = 20_000;
export const RETRY_MS = 3000;
const MAX_TOPICS = 20;
const MAX_STREAMS_PER_PERSON = 10;
/** A stream whose client reads nothing is dropped past this much unsent data. */
const MAX_BUFFERED = 1024 * 1024;
const AUDIENCE = 'tessera-events';
const ISSUER = 'tessera';

const MARKET = new RegExp(`^market:${UUID_SOURCE}$`);
const USER = new RegExp(`^user:(${UUID_SOURCE})$`);

const key = (app: FastifyInstance) => new TextEncoder().encode(`${app.config.jwtSecret}:events`);

export async function issueTicket(app: FastifyInstance, userId: string): Promise<{ ticket: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(exp)
    .sign(key(app));
  return { ticket, expiresAt: new Date(exp * 1000).toISOString() };
}

async function ticketUser(app: FastifyInstance, ticket: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(ticket, key(app), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub === 'string' && new RegExp(`^${UUID_SOURCE}$`).test(payload.sub)) return payload.sub;
  } catch {
    // fall through
  }
  throw unauthorized('This real-time ticket has expired or is invalid; ask for a new one');
}

/** The topics of a stream request, checked against who asks. */
export function streamTopics(raw: string | undefined, userId: string | null): string[] {
  const asked = (raw ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (asked.length > MAX_TOPICS) throw badRequest(`At most ${MAX_TOPICS} topics per stream`);
  const topics = new Set<string>(userId ? [userTopic(userId)] : []);
  for (const t of asked) {
    const user = USER.exec(t);
    if (user) {
      if (!userId) throw unauthorized('Sign in to follow your own events');
      if (user[1] !== userId) throw forbidden('You can only follow your own events');
      continue;
    }
    if (!MARKET.test(t)) throw badRequest(`Unknown topic: ${t.slice(0, 60)} (expected market:<property id> or user:<your id>)`);
    topics.add(t);
  }
  if (topics.size === 0) throw badRequest('Name at least one topic (market:<property id>), or connect with a ticket');
  return [...topics];
}

const streamsOf = new WeakMap<FastifyInstance, Map<string, number>>();

export async function openStream(
  app: FastifyInstance,
  request: FastifyRequest,
  q: { ticket?: string; topics?: string },
  reply: FastifyReply,
): Promise<void> {
  // Only a ticket opens a person's stream (a bearer header is not read here: one way in).
  const userId = q.ticket ? await ticketUser(app, q.ticket) : null;
  if (userId) {
    // A ticket outlives nothing: an account closed since it was issued gets no stream.
    const [u] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!u) throw unauthorized('This real-time ticket has expired or is invalid; ask for a new one');
  }
  const topics = streamTopics(q.topics, userId);

  let perPerson = streamsOf.get(app);
  if (!perPerson) streamsOf.set(app, (perPerson = new Map()));
  const counts = perPerson;
  if (userId && (counts.get(userId) ?? 0) >= MAX_STREAMS_PER_PERSON)
    throw new HttpError(429, 'Too many open real-time streams; close a tab');

  // From here on the stream is written by hand: no serializer, no onSend hooks (which would
  // buffer or set Cache-Control: no-store), so the headers the hooks set so far are carried over.
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | string[] | number> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | string[] | number;
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
  if (userId) counts.set(userId, (counts.get(userId) ?? 0) + 1);

  let closed = false;
  const write = (chunk: string) => {
    if (closed) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED) close();
  };
  const unsubscribe = app.realtime.subscribe({
    topics,
    send(m: RealtimeMessage) {
      write(`event: ${m.type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(m)}\n\n`);
    },
  });
  const ping = setInterval(() => write(': ping\n\n'), PING_MS);
  ping.unref();
  const stopOnShutdown = app.realtime.onShutdown(() => close());
  function close() {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    unsubscribe();
    stopOnShutdown();
    if (userId) {
      const n = (counts.get(userId) ?? 1) - 1;
      if (n <= 0) counts.delete(userId);
      else counts.set(userId, n);
    }
    if (!res.writableEnded) res.end();
  }
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
  write(`retry: ${RETRY_MS}\n: subscribed ${topics.join(',')}\n\n`);
}
