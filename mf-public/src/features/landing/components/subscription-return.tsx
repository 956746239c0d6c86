// Back from the payment page (/?checkout=<id>#subscribe): shared-api/query's checkout poller
// asks the server how it went (with the page's one query client: the landing page has no
// QueryProvider). Its own chunk, loaded only on such a return, so a visit of the landing
// page never loads the query client.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'shared-ui/router';
import { getMe, useSessionStore } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import { useCheckoutPoller, type CheckoutOutcome } from 'shared-api/query';
import { toast } from 'shared-ui/core';
import { PAYMENT_NOT_FINISHED, type SubscriptionResult } from '../hooks/use-subscription-checkout';

export interface SubscriptionReturnProps {
  /** The checkout the browser comes back from. */
  id: string;
  /** PAID (the stored user refreshed first): 'success'; DECLINED or EXPIRED: 'failed'. */
  onResult: (result: SubscriptionResult) => void;
}

function Check({ id, onResult }: SubscriptionReturnProps) {
  const navigate = useNavigate();
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  });

  const finish = async (outcome: CheckoutOutcome) => {
    if (outcome.kind === 'error') toast.error(outcome.message);
    else if (outcome.kind === 'checkout') {
      const status = outcome.checkout.status;
      if (status === 'PAID') {
        try {
          useSessionStore.getState().setUser(await getMe());
        } catch {
          /* the stored user refreshes on the next page load */
        }
        report.current('success');
      } else if (status === 'OPEN') toast.info(PAYMENT_NOT_FINISHED);
      else report.current('failed');
    }
    // Drop ?checkout so a reload does not ask again; stay on the subscribe section.
    navigate({ pathname: paths.home, search: '', hash: '#subscribe' }, { replace: true });
  };
  useCheckoutPoller(id, { purpose: 'SUBSCRIPTION', onDone: (outcome) => void finish(outcome) });
  return null;
}

export default function SubscriptionReturn(props: SubscriptionReturnProps) {
  return <Check {...props} />;
}
