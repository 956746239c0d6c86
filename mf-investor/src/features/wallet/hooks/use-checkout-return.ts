import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-ui/router';
import { useCheckoutPoller, type CheckoutOutcome } from 'shared-api/query';
import type { Checkout } from 'shared-api/contract';
import { formatMoney, toast } from 'shared-ui/core';

export type DepositOutcome = { status: Checkout['status']; amount: number; message: string };

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
 * Back from the payment page (?checkout=<id>): the server says how the deposit went
 * (shared-api/query's checkout poller asks, and records it in the session's checkoutStatus).
 * The result is toasted and kept for the page, `onSettled` refreshes the figures, and the
 * query parameter goes.
 */
export function useCheckoutReturn(onSettled: () => void): { checking: boolean; outcome: DepositOutcome | null } {
  const [params, setParams] = useSearchParams();
  const id = params.get('checkout');
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null);
  const settled = useRef(onSettled);
  // setSearchParams changes whenever the query does: read it through a ref.
  const setQuery = useRef(setParams);
  useEffect(() => {
    settled.current = onSettled;
    setQuery.current = setParams;
  });

  const { checking } = useCheckoutPoller(id, {
    purpose: 'DEPOSIT',
    onDone: (done: CheckoutOutcome) => {
      if (done.kind === 'error') toast.error(done.message);
      else if (done.kind === 'checkout') {
        const c = done.checkout;
        const message = outcomeMessage(c);
        setOutcome({ status: c.status, amount: c.amount, message });
        if (c.status === 'PAID') toast.success(message);
        else if (c.status === 'OPEN') toast.info(message);
        else toast.error(message);
        settled.current();
      }
      // Drop ?checkout so a reload does not report it again.
      setQuery.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('checkout');
          return next;
        },
        { replace: true },
      );
    },
  });

  return { checking, outcome };
}
