import { useEffect, useMemo, useRef, useState } from 'react';
import { errorStatus, getCheckout, useSessionStore } from 'shared-api';
import type { Checkout } from 'shared-api/contract';
import { toast } from 'shared-ui/core';
import { outcomeMessage, rememberDeposit } from './use-checkout-return';

export interface OpenDeposit {
  id: string;
  amount: number;
  checkoutUrl: string;
}

/**
 * Deposits this browser started and has not seen settle (checkoutStatus OPEN), asked of the
 * server once: settled ones are reported and recorded, unknown ones forgotten, and those
 * still open offered to continue or discard. `skip` is the checkout the page is
 * coming back from (the return hook reports that one).
 */
export function useOpenDeposits(skip: string | null, onSettled: () => void): { open: OpenDeposit[]; discard: (id: string) => void } {
  const map = useSessionStore((s) => s.checkoutStatus);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const asked = useRef(new Set<string>());
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  const pending = useMemo(
    () =>
      Object.entries(map ?? {})
        .filter(([id, e]) => e.purpose === 'DEPOSIT' && e.status === 'OPEN' && id !== skip)
        .map(([id, e]) => ({ id, amount: e.amount ?? 0 })),
    [map, skip],
  );

  useEffect(() => {
    // No cancellation: each checkout is asked about once per page (the answer still counts
    // after a re-render), and what it changes lives in the session store.
    for (const { id } of pending) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      getCheckout(id).then(
        (c: Checkout) => {
          if (c.status === 'OPEN') {
            setUrls((u) => ({ ...u, [id]: c.checkoutUrl }));
            return;
          }
          rememberDeposit(c);
          if (c.status === 'PAID') {
            toast.success(outcomeMessage(c));
            settled.current();
          }
        },
        (err: unknown) => {
          // Not this user's, or gone: nothing to continue.
          if (errorStatus(err) === 404) useSessionStore.getState().setCheckoutStatus(id, null);
        },
      );
    }
  }, [pending]);

  return {
    open: pending.flatMap((p) => (urls[p.id] ? [{ ...p, checkoutUrl: urls[p.id] }] : [])),
    discard: (id: string) => useSessionStore.getState().setCheckoutStatus(id, null),
  };
}
