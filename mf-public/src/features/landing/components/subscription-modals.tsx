import { Typography } from 'shared-ui/mui-core';
import { BRAND, MESSAGES } from 'shared-api/contract';
import { Button, Modal } from 'shared-ui/core';
import type { SubscriptionResult } from '../hooks/use-subscription-checkout';

/** Spec 8: the subscription successful and subscription failed modals. */
export function SubscriptionModals({ open, onClose }: { open: SubscriptionResult | null; onClose: () => void }) {
  return (
    <>
      <Modal
        open={open === 'success'}
        onClose={onClose}
        title="Subscription Successful"
        maxWidth="xs"
        actions={
          <Button variant="filled-blue" onClick={onClose}>
            Close
          </Button>
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
