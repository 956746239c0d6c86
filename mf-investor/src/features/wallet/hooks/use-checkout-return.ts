import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-ui/router';
import { getCheckout, readError, useSessionStore } from 'shared-api';
import type { Checkout } from 'shared-api/contract';
import { formatMoney, toast } from 'shared-ui/core';

/** How often and how long to ask again while a returning checkout is still OPEN. */
export const CHECKOUT_POLL = { tries: 4, intervalMs: 1000 };

export type DepositOutcome = { status: Checkout['status']; amount: number; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser's note of a deposit checkout (spec 3: checkoutStatus). */
export function rememberDeposit(c: Pick<Checkout, '_id' | 'status' | 'amount'>): void {
  useSessionStore
    .getState()
    .setCheckoutStatus(c._id, { status: c.status, purpose: 'DEPOSIT', amount: c.amount, updatedAt: new Date().toISOString() });
}

export function outcomeMessage(c: Pick<Checkout, 'status' | 'amount'>): string {
  const amount = formatMoney(c.amount);
  switch (c.status) {
    case 'PAID':
      return `Your deposit of ${amount} was received. It is in your balance.`;
    case 'DECLINED':
      return `Your deposit of ${amount} was declined. No money was taken; you can try again.`;
    case 'EXPIRED':
      return `Your deposit of ${amount} expired before it was paid. Nothing was charged; you can start again.`;
    default:
      return `Your deposit of ${amount} has not been paid yet. You can continue the payment from this page.`;
  }
}

/**
 * Back from the payment page (?checkout=<id>): the server says how the deposit went. The
 * result is toasted and kept for the page, the session's checkoutStatus is updated,
 * `onSettled` refreshes the figures, and the query parameter goes.
 */
export function useCheckoutReturn(onSettled: () => void): { checking: boolean; outcome: DepositOutcome | null } {
  const [params, setParams] = useSearchParams();
  const id = params.get('checkout');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null);
  const settled = useRef(onSettled);
  // setSearchParams changes whenever the query does: read it through a ref.
  const setQuery = useRef(setParams);
  useEffect(() => {
    settled.current = onSettled;
    setQuery.current = setParams;
  });

  useEffect(() => {
    if (!id) return;
    let live = true;
    setChecking(true);
    void (async () => {
      try {
        let c = await getCheckout(id);
        for (let i = 0; live && c.status === 'OPEN' && i < CHECKOUT_POLL.tries; i++) {
          await wait(CHECKOUT_POLL.intervalMs);
          c = await getCheckout(id);
        }
        if (!live || c.purpose !== 'DEPOSIT') return;
        rememberDeposit(c);
        const message = outcomeMessage(c);
        setOutcome({ status: c.status, amount: c.amount, message });
        if (c.status === 'PAID') toast.success(message);
        else if (c.status === 'OPEN') toast.info(message);
        else toast.error(message);
        settled.current();
      } catch (err) {
        if (live) toast.error(await readError(err));
      } finally {
        if (live) {
          setChecking(false);
          // Drop ?checkout so a reload does not report it again.
          setQuery.current(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.delete('checkout');
              return next;
            },
            { replace: true },
          );
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [id]);

  return { checking, outcome };
}
