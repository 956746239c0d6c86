// Server-sent events (issue 19): GET /v1/events streams the real-time events of the topics
// asked for. EventSource cannot send an Authorization header, so a signed-in page first
// gets a short-lived ticket (POST /v1/events/ticket, 60 s, signed) and opens the stream
// with it; the person's own `user:<id>` topic is then always included. Without a ticket
// only public topics (`market:<propertyId>`) may be asked for.
//
// A ticket opens ONE stream, once (stream_tickets records its use), and only while the
// session it was issued to is alive: signing out revokes it, and a `session.ended` event
// closes the streams that session opened, on every instance. Anonymous streams are capped
// per address and in all (per instance), so one address cannot hold thousands open.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
/** Anonymous (ticketless) streams one address may hold open on one instance. */
export const MAX_ANONYMOUS_PER_ADDRESS = 20;
/** Anonymous streams in all on one instance. */
export const MAX_ANONYMOUS_TOTAL = 2000;
export const SESSION_ENDED = 'session.ended';
/** A stream whose client reads nothing is dropped past this much unsent data. */
const MAX_BUFFERED = 1024 * 1024;
const AUDIENCE = 'tessera-events';
const ISSUER = 'tessera';

const MARKET = new RegExp(`^market:${UUID_SOURCE}$`);
const USER = new RegExp(`^user:(${UUID_SOURCE})$`);

const key = (app: FastifyInstance) => new TextEncoder().encode(`${app.config.jwtSecret}:events`);

export async function issueTicket(app: FastifyInstance, userId: string, sessionId: string): Promise<{ ticket: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + TICKET_TTL_SECONDS;
  const jti = randomUUID();
  await app.db.execute(
    sql`insert into stream_tickets (id, user_id, session_id, expires_at) values (${jti}, ${userId}, ${sessionId}, to_timestamp(${exp}))`,
  );
  const ticket = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(jti)
    .setExpirationTime(exp)
    .sign(key(app));
  return { ticket, expiresAt: new Date(exp * 1000).toISOString() };
}

const INVALID_TICKET = 'This real-time ticket has expired or is invalid; ask for a new one';

/** Checks a ticket and uses it up: its person and session, or 401. */
async function claimTicket(app: FastifyInstance, ticket: string): Promise<{ userId: string; sessionId: string }> {
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(ticket, key(app), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    if (typeof payload.sub === 'string' && new RegExp(`^${UUID_SOURCE}$`).test(payload.sub)) jti = payload.jti;
  } catch {
    // fall through
  }
  if (!jti) throw unauthorized(INVALID_TICKET);
  // One conditional UPDATE: of two requests with one ticket only one gets a row.
  const res = await app.db.execute(sql`
    update stream_tickets t set used_at = now()
      from sessions s
     where t.id = ${jti} and t.used_at is null and t.expires_at > now()
       and s.id = t.session_id and s.revoked_at is null and s.expires_at > now()
    returning t.user_id, t.session_id`);
  const [row] = (res as unknown as { rows: { user_id: string; session_id: string }[] }).rows;
  if (!row) throw unauthorized(INVALID_TICKET);
  return { userId: row.user_id, sessionId: row.session_id };
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

interface Counts {
  perPerson: Map<string, number>;
  anonymousPerAddress: Map<string, number>;
  anonymous: number;
}
const streamsOf = new WeakMap<FastifyInstance, Counts>();

const bump = (m: Map<string, number>, k: string, by: number) => {
  const n = (m.get(k) ?? 0) + by;
  if (n <= 0) m.delete(k);
  else m.set(k, n);
};

export async function openStream(
  app: FastifyInstance,
  request: FastifyRequest,
  q: { ticket?: string; topics?: string },
  reply: FastifyReply,
): Promise<void> {
  // Only a ticket opens a person's stream (a bearer header is not read here: one way in).
  const owner = q.ticket ? await claimTicket(app, q.ticket) : null;
  const userId = owner?.userId ?? null;
  if (userId) {
    // A ticket outlives nothing: an account closed since it was issued gets no stream.
    const [u] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!u) throw unauthorized(INVALID_TICKET);
  }
  const topics = streamTopics(q.topics, userId);

  let counts = streamsOf.get(app);
  if (!counts) streamsOf.set(app, (counts = { perPerson: new Map(), anonymousPerAddress: new Map(), anonymous: 0 }));
  const c = counts;
  const address = request.ip ?? '';
  if (userId && (c.perPerson.get(userId) ?? 0) >= MAX_STREAMS_PER_PERSON)
    throw new HttpError(429, 'Too many open real-time streams; close a tab');
  if (!userId && ((c.anonymousPerAddress.get(address) ?? 0) >= MAX_ANONYMOUS_PER_ADDRESS || c.anonymous >= MAX_ANONYMOUS_TOTAL))
    throw new HttpError(429, 'Too many open real-time streams from this address; close a tab');

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
  if (userId) bump(c.perPerson, userId, 1);
  else {
    bump(c.anonymousPerAddress, address, 1);
    c.anonymous += 1;
  }

  let closed = false;
  const write = (chunk: string) => {
    if (closed) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED) close();
  };
  const unsubscribe = app.realtime.subscribe({
    topics,
    send(m: RealtimeMessage) {
      // The session that opened this stream signed out: the stream ends with it.
      if (m.type === SESSION_ENDED) {
        if (owner && m.data?.sessionId === owner.sessionId) close();
        return;
      }
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
    if (userId) bump(c.perPerson, userId, -1);
    else {
      bump(c.anonymousPerAddress, address, -1);
      c.anonymous -= 1;
    }
    if (!res.writableEnded) res.end();
  }
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
  write(`retry: ${RETRY_MS}\n: subscribed ${topics.join(',')}\n\n`);
}
