// Mixed traffic: investors place orders, cancel them, deposit and withdraw and read their
// pages; an admin approves and rejects orders and decides withdrawals. Every answer the
// clients receive is written to an acknowledgement log (what the platform promised), which
// the checks compare with the database afterwards. Calls that move money carry an
// Idempotency-Key; when their outcome is unknown (connection cut, 502/503/504) the client
// retries with the same key until it gets an answer, as a real client should.
import { randomUUID } from 'node:crypto';
import { sandboxToken } from '../../src/modules/payments/sandbox';
import { NoAnswer, request, RETRYABLE_STATUSES, type Answer, type RequestOptions } from './client';
import { clientAddress, signIn, type Person, type World } from './world';

export type OrderStatus = 'PENDING' | 'COMPLETED' | 'REJECTED' | 'CANCELLED';
export type PayoutStatus = 'REQUESTED' | 'PAID' | 'REJECTED';

interface Acked<S> {
  status: S;
  /** Later changes whose answer never came: the database may show one of these instead. */
  uncertain: Set<S>;
}

/** What the platform acknowledged to its clients. */
export class AckLog {
  readonly orders = new Map<string, Acked<OrderStatus>>();
  /** Idempotency-Key → order id, for every order creation that got an answer. */
  readonly orderKeys = new Map<string, string>();
  readonly paidCheckouts = new Set<string>();
  readonly payouts = new Map<string, Acked<PayoutStatus>>();
  /** Money calls that never got a definitive answer, even after retrying. */
  readonly unresolved: string[] = [];
  replayed = 0;
  retriedToAnswer = 0;

  order(id: string, status: OrderStatus): void {
    const o = this.orders.get(id);
    if (!o) this.orders.set(id, { status, uncertain: new Set() });
    else if (status !== 'PENDING') o.status = status;
  }
  orderUncertain(id: string, status: OrderStatus): void {
    const o = this.orders.get(id);
    if (o && o.status === 'PENDING') o.uncertain.add(status);
  }
  payout(id: string, status: PayoutStatus): void {
    const p = this.payouts.get(id);
    if (!p) this.payouts.set(id, { status, uncertain: new Set() });
    else if (status !== 'REQUESTED') p.status = status;
  }
  payoutUncertain(id: string, status: PayoutStatus): void {
    const p = this.payouts.get(id);
    if (p && p.status === 'REQUESTED') p.uncertain.add(status);
  }
  acknowledgedCount(): number {
    return this.orders.size + this.paidCheckouts.size + this.payouts.size;
  }
}

export type Outcome = 'ok' | 'refused' | 'retryable' | 'unexpected' | 'server';

export interface Window {
  requests: number;
  outcomes: Record<Outcome, number>;
  latencies: number[];
}

const emptyWindow = (): Window => ({ requests: 0, outcomes: { ok: 0, refused: 0, retryable: 0, unexpected: 0, server: 0 }, latencies: [] });

export class Stats {
  total = emptyWindow();
  window = emptyWindow();
  /** The first unexpected answers (status, call, body), for the report. */
  readonly surprises: string[] = [];
  add(outcome: Outcome, ms: number, what: string, detail = ''): void {
    for (const w of [this.total, this.window]) {
      w.requests += 1;
      w.outcomes[outcome] += 1;
      if (w.latencies.length < 3_000_000) w.latencies.push(ms);
    }
    if ((outcome === 'unexpected' || outcome === 'server') && this.surprises.length < 30)
      this.surprises.push(`${what} ${detail}`.slice(0, 300));
  }
  /** The current window's figures, and a new window. */
  cut(): Window {
    const w = this.window;
    this.window = emptyWindow();
    return w;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface LoadOptions {
  /** Where each call goes (nginx, or one API process). */
  base: () => string;
  world: World;
  log: AckLog;
  stats: Stats;
  /** Pause between one investor's calls. */
  thinkMs?: number;
  /** How long a money call with an unknown outcome is retried before it counts as unresolved. */
  retryForMs?: number;
  /** Tokens older than this are refreshed (the API's tokens live 15 minutes). */
  refreshAfterMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function classify(a: Answer): Outcome {
  if (a.status < 400) return 'ok';
  if (RETRYABLE_STATUSES.has(a.status)) return 'retryable';
  if (a.status >= 500) return 'server';
  // Business refusals the mix runs into: an order the admin decided first, a wallet that is short.
  if (a.status === 409 || a.status === 422) return 'refused';
  return 'unexpected';
}

/** Loads still running: a failing test aborts them in its clean-up, so nothing keeps the process alive. */
const running = new Set<() => void>();
export function abortAllLoads(): void {
  for (const abort of running) abort();
}

export function startLoad(o: LoadOptions): { stop(): Promise<void>; inFlight(): number; opsDone(): number } {
  let stopping = false;
  /** Abandoned (a failing run): retries give up at once. */
  let aborted = false;
  let inFlight = 0;
  let ops = 0;
  const retryForMs = o.retryForMs ?? 90_000;
  const refreshAfterMs = o.refreshAfterMs ?? 5 * 60_000;
  const uncertainToken = new Set<Person>();

  async function call(what: string, method: string, url: string, opts: RequestOptions): Promise<Answer | NoAnswer> {
    inFlight += 1;
    try {
      const a = await request(o.base(), method, url, opts);
      const outcome = classify(a);
      o.stats.add(outcome, a.ms, `${method} ${what}`, `${a.status} ${a.body.slice(0, 200)}`);
      return a;
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      o.stats.add('retryable', err.ms, `${method} ${what}`, err.code);
      return err;
    } finally {
      inFlight -= 1;
    }
  }

  /** A person's call; a 401 after a refresh whose answer was lost means: sign in again. */
  async function as(p: Person, what: string, method: string, url: string, opts: RequestOptions = {}): Promise<Answer | NoAnswer> {
    const r = await call(what, method, url, { ...opts, token: p.token });
    if (!(r instanceof NoAnswer) && r.status === 401) {
      await renew(p);
      return call(what, method, url, { ...opts, token: p.token });
    }
    return r;
  }

  async function renew(p: Person): Promise<void> {
    uncertainToken.delete(p);
    for (let i = 0; i < 30 && !aborted; i++) {
      try {
        const s = await signIn(o.base(), p.email, p.password);
        p.token = s.token;
        p.tokenAt = Date.now();
        return;
      } catch {
        await sleep(1000);
      }
    }
  }

  async function refreshIfOld(p: Person): Promise<void> {
    if (Date.now() - p.tokenAt < refreshAfterMs) return;
    const r = await call('auth/refresh', 'POST', '/v1/auth/refresh', { token: p.token });
    if (r instanceof NoAnswer || r.status >= 500) uncertainToken.add(p);
    else if (r.status === 200) {
      p.token = (JSON.parse(r.body) as { accessToken: string }).accessToken;
      p.tokenAt = Date.now();
    } else await renew(p);
  }

  /** A money call with an Idempotency-Key, retried with the same key until it is answered. */
  const destinations = new Map<Person, string>();

  async function keyed(p: Person, what: string, method: string, url: string, json: unknown): Promise<Answer | null> {
    const key = randomUUID();
    const deadline = Date.now() + retryForMs;
    let delay = 100;
    for (let attempt = 0; ; attempt++) {
      const r = await as(p, what, method, url, { json, headers: { 'idempotency-key': key } });
      const retry = r instanceof NoAnswer || RETRYABLE_STATUSES.has(r.status) || (r.status === 409 && /in progress/i.test(r.body));
      if (!retry) {
        if (attempt > 0) o.log.retriedToAnswer += 1;
        if (r.headers['idempotent-replayed'] === 'true') o.log.replayed += 1;
        return Object.assign(r, { key });
      }
      if (Date.now() > deadline || aborted) {
        o.log.unresolved.push(`${method} ${url} key ${key}`);
        return null;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 2000);
    }
  }

  /** A change without a key (cancel, review): retried while unanswered; a 409 afterwards may mean the first try worked. */
  async function change(
    p: Person,
    what: string,
    method: string,
    url: string,
    json?: unknown,
  ): Promise<{ answer: Answer | null; uncertain: boolean }> {
    let uncertain = false;
    let delay = 100;
    const deadline = Date.now() + retryForMs;
    for (;;) {
      const r = await as(p, what, method, url, json === undefined ? {} : { json });
      if (!(r instanceof NoAnswer) && !RETRYABLE_STATUSES.has(r.status)) return { answer: r, uncertain };
      uncertain = true;
      if (Date.now() > deadline || aborted) return { answer: null, uncertain };
      await sleep(delay);
      delay = Math.min(delay * 2, 2000);
    }
  }

  const myPending = new Map<Person, string[]>();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

  async function investorStep(p: Person): Promise<void> {
    await refreshIfOld(p);
    const r = Math.random();
    if (r < 0.45) {
      const a = await keyed(p, 'orders', 'POST', '/v1/orders', {
        propertyId: pick(o.world.listings),
        quantity: 1 + Math.floor(Math.random() * 3),
      });
      if (a?.status === 201) {
        const order = JSON.parse(a.body) as { _id: string; status: OrderStatus };
        o.log.order(order._id, order.status);
        o.log.orderKeys.set((a as Answer & { key: string }).key, order._id);
        if (order.status === 'PENDING') myPending.set(p, [...(myPending.get(p) ?? []).slice(-20), order._id]);
      }
    } else if (r < 0.6) {
      const list = myPending.get(p) ?? [];
      const id = list.shift();
      if (!id) return;
      const { answer, uncertain } = await change(p, 'orders/:id/cancel', 'PATCH', `/v1/orders/${id}/cancel`);
      if (answer?.status === 200 && !uncertain) o.log.order(id, 'CANCELLED');
      else if (uncertain) o.log.orderUncertain(id, 'CANCELLED');
    } else if (r < 0.7) {
      const a = await keyed(p, 'wallets/deposit', 'POST', '/v1/wallets/deposit', {
        amount: 100 + Math.floor(Math.random() * 400),
        returnPath: '/dashboard/wallet',
      });
      if (a?.status === 201) {
        const id = (JSON.parse(a.body) as { _id: string })._id;
        // The sandbox page is a form post without a bearer token: sent as the browser does.
        const res = await payCheckout(id);
        if (res) o.log.paidCheckouts.add(id);
      }
    } else if (r < 0.75) {
      // Every withdrawal names a payout destination (issue 19): one per person, added on first use.
      let payoutDestinationId = destinations.get(p);
      if (!payoutDestinationId) {
        const d = await keyed(p, 'wallets/destinations', 'POST', '/v1/wallets/destinations', {
          kind: 'US_ACH',
          holderName: 'Load Test',
          routingNumber: '011000015',
          accountNumber: '000123456789',
        });
        if (d?.status !== 201) return;
        payoutDestinationId = (JSON.parse(d.body) as { _id: string })._id;
        destinations.set(p, payoutDestinationId);
      }
      const a = await keyed(p, 'wallets/withdraw', 'POST', '/v1/wallets/withdraw', {
        amount: 1 + Math.floor(Math.random() * 20),
        payoutDestinationId,
      });
      if (a?.status === 201) o.log.payout((JSON.parse(a.body) as { _id: string })._id, 'REQUESTED');
    } else {
      const url = pick([
        '/v1/wallets/balance',
        '/v1/orders?pageSize=5',
        '/v1/properties?pageSize=6',
        '/v1/users/me',
        '/v1/transactions/owned?pageSize=5',
      ]);
      await as(p, url.split('?')[0], 'GET', url);
    }
  }

  /** Pays a checkout on the sandbox page (retried while unanswered); true once paid. */
  async function payCheckout(id: string): Promise<boolean> {
    const form = `decision=pay&token=${sandboxToken(o.world.jwtSecret, id)}`;
    const deadline = Date.now() + retryForMs;
    let delay = 100;
    let unknown = false;
    for (;;) {
      const r = await call('payments/sandbox/:id', 'POST', `/v1/payments/sandbox/${id}`, { form, headers: clientAddress() });
      if (!(r instanceof NoAnswer) && !RETRYABLE_STATUSES.has(r.status)) {
        // Paid now (303), or paid by the try whose answer was lost (then the page says so: 409).
        return r.status === 303 || (unknown && r.status === 409);
      }
      unknown = true;
      if (Date.now() > deadline || aborted) return false;
      await sleep(delay);
      delay = Math.min(delay * 2, 2000);
    }
  }

  async function adminStep(admin: Person): Promise<void> {
    await refreshIfOld(admin);
    if (Math.random() < 0.8) {
      const list = await as(admin, 'orders/admin', 'GET', '/v1/orders/admin?status=PENDING&pageSize=20');
      if (list instanceof NoAnswer || list.status !== 200) return;
      const items = (JSON.parse(list.body) as { items: { _id: string }[] }).items;
      for (const item of items.sort(() => Math.random() - 0.5).slice(0, 4)) {
        if (stopping) return;
        const decision = Math.random() < 0.67 ? 'APPROVE' : 'REJECT';
        const status: OrderStatus = decision === 'APPROVE' ? 'COMPLETED' : 'REJECTED';
        o.log.order(item._id, 'PENDING');
        const { answer, uncertain } = await change(admin, 'orders/:id/review', 'PATCH', `/v1/orders/${item._id}/review`, { decision });
        if (answer?.status === 200 && !uncertain) o.log.order(item._id, status);
        else if (uncertain) o.log.orderUncertain(item._id, status);
      }
    } else {
      const list = await as(admin, 'payouts', 'GET', '/v1/payouts?status=REQUESTED&pageSize=10');
      if (list instanceof NoAnswer || list.status !== 200) return;
      for (const item of (JSON.parse(list.body) as { items: { _id: string }[] }).items.slice(0, 3)) {
        const status: PayoutStatus = Math.random() < 0.7 ? 'PAID' : 'REJECTED';
        o.log.payout(item._id, 'REQUESTED');
        const { answer, uncertain } = await change(admin, 'payouts/:id', 'PATCH', `/v1/payouts/${item._id}`, {
          status,
          ...(status === 'REJECTED' ? { reason: 'Reliability run' } : { bankReference: 'RELIABILITY-RUN' }),
        });
        if (answer?.status === 200 && !uncertain) o.log.payout(item._id, status);
        else if (uncertain) o.log.payoutUncertain(item._id, status);
      }
    }
  }

  const think = o.thinkMs ?? 0;
  const worker = async (step: () => Promise<void>, pause: number) => {
    while (!stopping) {
      await step();
      ops += 1;
      if (pause > 0) await sleep(pause);
    }
  };
  const workers = [
    ...o.world.investors.map((p) => worker(() => investorStep(p), think)),
    worker(() => adminStep(o.world.admin), Math.max(think, 50)),
  ];
  const abort = () => {
    stopping = true;
    aborted = true;
  };
  running.add(abort);
  return {
    inFlight: () => inFlight,
    opsDone: () => ops,
    async stop() {
      stopping = true;
      await Promise.all(workers);
      running.delete(abort);
    },
  };
}
