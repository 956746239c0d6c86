import { Link } from 'shared-ui/router';
import { Typography } from 'shared-ui/mui-core';
import { BRAND, MESSAGES } from 'shared-api/contract/basics';
import { Button, Modal } from 'shared-ui/core';
import type { SubscriptionResult } from '../hooks/use-subscription-checkout';

/** Where to go next after subscribing (an investor who has not finished onboarding: back there). */
export interface NextStep {
  label: string;
  to: string;
}

/** Spec 8: the subscription successful and subscription failed modals. */
export function SubscriptionModals({
  open,
  onClose,
  next = null,
}: {
  open: SubscriptionResult | null;
  onClose: () => void;
  next?: NextStep | null;
}) {
  return (
    <>
      <Modal
        open={open === 'success'}
        onClose={onClose}
        title="Subscription Successful"
        maxWidth="xs"
        actions={
          <>
            <Button variant={next ? 'outline-blue' : 'filled-blue'} onClick={onClose}>
              Close
            </Button>
            {next && (
              <Button variant="filled-blue" component={Link} to={next.to} onClick={onClose}>
                {next.label}
              </Button>
            )}
          </>
        }
      >
        <Typography>{MESSAGES.subscriptionSuccess(BRAND)}</Typography>
      </Modal>
      <Modal
        open={open === 'failed'}
        onClose={onClose}
        title={MESSAGES.subscriptionFailedTitle}
        maxWidth="xs"
        actions={
          <Button variant="outline-blue" onClick={onClose}>
            Cancel
          </Button>
        }
      >
        <Typography>{MESSAGES.subscriptionFailedText}</Typography>
      </Modal>
    </>
  );
}
