// The one checkout poller (the wallet's deposits, the landing page's subscription): back
// from the payment page, and for checkouts this browser started and has not seen settle.
// What the browser remembers of a checkout is the session's checkoutStatus (spec 3).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { rememberCheckout, useSessionStore } from 'shared-api';
import type { Checkout, CheckoutPurpose } from 'shared-api/contract';
import type { QueryFailure } from './client';
import { usePageQueryClient } from './provider';
import { queries } from './queries';

/** How often and how long to ask again while a returning checkout is still OPEN. */
export const CHECKOUT_POLL = { tries: 4, intervalMs: 1000 };

/**
 * How a returning checkout ended for the page: `checkout` is the last answer (PAID,
 * DECLINED, EXPIRED, or still OPEN after the last try); `other` a checkout of another
 * purpose (nothing recorded); `error` the failure as one readable line.
 */
export type CheckoutOutcome = { kind: 'checkout'; checkout: Checkout } | { kind: 'other' } | { kind: 'error'; message: string };

export interface CheckoutPollerOptions {
  /** What the page pays for: only such a checkout is recorded and reported. */
  purpose: CheckoutPurpose;
  /** Called once per checkout id, when asking is over. */
  onDone: (outcome: CheckoutOutcome) => void;
  tries?: number;
  intervalMs?: number;
}

/**
 * A checkout query's answers so far: the first, then one per poll. Each return starts afresh
 * (gcTime 0: the query goes with the page that asked).
 */
const answers = (state: { dataUpdateCount: number } | undefined): number => state?.dataUpdateCount ?? 0;

/**
 * Back from the payment page (`id`: the `?checkout=` of the return URL): asks the server,
 * and again every `intervalMs` while the checkout is OPEN, at most `tries` more times; then
 * records the answer in the session's checkoutStatus and calls `onDone` once. `checking`
 * until then.
 */
export function useCheckoutPoller(
  id: string | null,
  { purpose, onDone, tries = CHECKOUT_POLL.tries, intervalMs = CHECKOUT_POLL.intervalMs }: CheckoutPollerOptions,
): { checking: boolean } {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const reported = useRef<string | null>(null);
  const done = id !== null && doneFor === id;
  const report = useRef(onDone);
  useEffect(() => {
    report.current = onDone;
  });

  const client = usePageQueryClient();
  const query = queries.checkout(id ?? '');
  const q = useQuery<Checkout, QueryFailure>(
    {
      ...query,
      enabled: id !== null && !done,
      gcTime: 0,
      refetchOnWindowFocus: false,
      // Decided as each answer lands, so no poll goes out after the last one.
      refetchInterval: (current) => (current.state.data?.status === 'OPEN' && answers(current.state) <= tries ? intervalMs : false),
    },
    client,
  );

  useEffect(() => {
    if (id === null || done || reported.current === id || q.isFetching) return;
    const finish = (outcome: CheckoutOutcome) => {
      reported.current = id;
      setDoneFor(id);
      report.current(outcome);
    };
    if (q.error) return finish({ kind: 'error', message: q.error.message });
    const c = q.data;
    if (!c || (c.status === 'OPEN' && answers(client.getQueryState(query.queryKey)) <= tries)) return;
    if (c.purpose !== purpose) return finish({ kind: 'other' });
    rememberCheckout(c, purpose);
    finish({ kind: 'checkout', checkout: c });
  });

  return { checking: id !== null && !done };
}

export interface OpenCheckout {
  id: string;
  amount: number;
  checkoutUrl: string;
}

/**
 * Checkouts of `purpose` this browser started and has not seen settle (checkoutStatus
 * OPEN), each asked of the server once per page: settled ones are recorded and handed to
 * `onSettled` once, unknown ones (404) forgotten, and those still open returned, to
 * continue or discard. `skip`: the checkout the page is coming back from (useCheckoutPoller
 * has that one).
 */
export function useOpenCheckouts(
  purpose: CheckoutPurpose,
  { skip = null, onSettled }: { skip?: string | null; onSettled?: (checkout: Checkout) => void } = {},
): { open: OpenCheckout[]; discard: (id: string) => void } {
  const map = useSessionStore((s) => s.checkoutStatus);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  const pending = useMemo(
    () =>
      Object.entries(map ?? {})
        .filter(([id, e]) => e.purpose === purpose && e.status === 'OPEN' && id !== skip)
        .map(([id, e]) => ({ id, amount: e.amount ?? 0 })),
    [map, purpose, skip],
  );
  const results = useQueries(
    { queries: pending.map((p) => ({ ...queries.checkout(p.id), staleTime: Infinity, gcTime: 0, retry: false })) },
    usePageQueryClient(),
  );
  const handled = useRef(new Set<string>());

  useEffect(() => {
    pending.forEach((p, i) => {
      const r = results[i];
      if (!r || handled.current.has(p.id)) return;
      const c = r.data;
      if (c && c.status !== 'OPEN') {
        handled.current.add(p.id);
        rememberCheckout(c, purpose);
        settled.current?.(c);
      } else if (r.error && (r.error as QueryFailure).status === 404) {
        // Not this person's, or gone: nothing to continue.
        handled.current.add(p.id);
        useSessionStore.getState().setCheckoutStatus(p.id, null);
      }
    });
  }, [pending, results, purpose]);

  return {
    open: pending.flatMap((p, i) => {
      const c = results[i]?.data;
      return c && c.status === 'OPEN' ? [{ ...p, checkoutUrl: c.checkoutUrl }] : [];
    }),
    discard: (id: string) => useSessionStore.getState().setCheckoutStatus(id, null),
  };
}
