import { useCallback, useRef, useState } from 'react';
import { createCheckout, readError, rememberCheckout } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import { toast } from 'shared-ui/core';
import { goToExternal } from '../../../lib/browser';
import { newIdempotencyKey } from '../../../lib/idempotency';

export type SubscriptionResult = 'success' | 'failed';

export const PAYMENT_NOT_FINISHED = 'Your payment has not been completed yet. You can subscribe again at any time.';

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
      rememberCheckout(checkout, 'SUBSCRIPTION');
      goToExternal(checkout.checkoutUrl);
    } catch (err) {
      toast.error(await readError(err));
      setStarting(false);
    }
  }, []);
  return { start, starting };
}
