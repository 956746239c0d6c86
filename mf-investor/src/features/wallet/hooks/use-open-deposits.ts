import { useOpenCheckouts, type OpenCheckout } from 'shared-api/query';
import { toast } from 'shared-ui/core';
import { outcomeMessage } from './use-checkout-return';

export type OpenDeposit = OpenCheckout;

/**
 * Deposits this browser started and has not seen settle (checkoutStatus OPEN), asked of the
 * server once (shared-api/query's useOpenCheckouts): settled ones are recorded, a paid one
 * reported and the figures refreshed, unknown ones forgotten, and those still open offered
 * to continue or discard. `skip` is the checkout the page is coming back from (the return
 * hook reports that one).
 */
export function useOpenDeposits(skip: string | null, onSettled: () => void): { open: OpenDeposit[]; discard: (id: string) => void } {
  return useOpenCheckouts('DEPOSIT', {
    skip,
    onSettled: (c) => {
      if (c.status !== 'PAID') return;
      toast.success(outcomeMessage(c));
      onSettled();
    },
  });
}
