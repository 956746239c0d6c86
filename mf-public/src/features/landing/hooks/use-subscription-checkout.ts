import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import { createCheckout, getCheckout, getMe, readError, useSessionStore } from 'shared-api';
import { paths, type Checkout } from 'shared-api/contract';
import { toast } from 'shared-ui/core';
import { goToExternal } from '../../../lib/browser';
import { newIdempotencyKey } from '../../../lib/idempotency';

export type SubscriptionResult = 'success' | 'failed';

/** How often and how long to ask again while a returning checkout is still OPEN. */
export const CHECKOUT_POLL = { tries: 4, intervalMs: 1000 };
export const PAYMENT_NOT_FINISHED = 'Your payment has not been completed yet. You can subscribe again at any time.';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function remember(c: Pick<Checkout, '_id' | 'status' | 'amount'>) {
  useSessionStore
    .getState()
    .setCheckoutStatus(c._id, { status: c.status, purpose: 'SUBSCRIPTION', amount: c.amount, updatedAt: new Date().toISOString() });
}

/** Starts the $15 early-access checkout: the browser goes to the payment page and comes back to /?checkout=<id>#subscribe. */
export function useStartSubscription(): { start: () => Promise<void>; starting: boolean } {
  const [starting, setStarting] = useState(false);
  // One key per attempt on this page: a retry after a lost answer cannot open a second checkout.
  const key = useRef<string | null>(null);
  const start = useCallback(async () => {
    setStarting(true);
    key.current ??= newIdempotencyKey();
    try {
      const checkout = await createCheckout({ purpose: 'SUBSCRIPTION', returnPath: paths.homeSubscribe }, { idempotencyKey: key.current });
      remember(checkout);
      goToExternal(checkout.checkoutUrl);
    } catch (err) {
      toast.error(await readError(err));
      setStarting(false);
    }
  }, []);
  return { start, starting };
}

/**
 * Back from the payment page (?checkout=<id>): the server says how it went. PAID
 * refreshes the stored user and reports success; DECLINED or EXPIRED report failure.
 */
export function useSubscriptionReturn(onResult: (result: SubscriptionResult) => void): { checking: boolean } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('checkout');
  const [checking, setChecking] = useState(false);
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  });

  useEffect(() => {
    if (!id) return;
    let live = true;
    setChecking(true);
    void (async () => {
      try {
        let checkout = await getCheckout(id);
        for (let i = 0; live && checkout.status === 'OPEN' && i < CHECKOUT_POLL.tries; i++) {
          await wait(CHECKOUT_POLL.intervalMs);
          checkout = await getCheckout(id);
        }
        if (!live || checkout.purpose !== 'SUBSCRIPTION') return;
        remember(checkout);
        if (checkout.status === 'PAID') {
          try {
            useSessionStore.getState().setUser(await getMe());
          } catch {
            /* the stored user refreshes on the next page load */
          }
          report.current('success');
        } else if (checkout.status === 'OPEN') {
          toast.info(PAYMENT_NOT_FINISHED);
        } else {
          report.current('failed');
        }
      } catch (err) {
        if (live) toast.error(await readError(err));
      } finally {
        if (live) {
          setChecking(false);
          // Drop ?checkout so a reload does not ask again; stay on the subscribe section.
          navigate({ pathname: paths.home, search: '', hash: '#subscribe' }, { replace: true });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [id, navigate]);

  return { checking };
}
