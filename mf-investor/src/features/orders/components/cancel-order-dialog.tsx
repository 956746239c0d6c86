import { useState } from 'react';
import { ConfirmDialog } from 'shared-ui/display';
import { formatMoney, formatNumber, toast } from 'shared-ui/core';
import { cancelOrder, readError } from 'shared-api';
import type { Order } from 'shared-api/contract';

export interface CancelOrderDialogProps {
  open: boolean;
  /** The order to cancel (kept while the dialog fades out). */
  order: Order | null;
  onClose: () => void;
  /** After the server answered (cancelled or refused): reload what shows money. */
  onDone: (cancelled: Order | null) => void;
}

export const unitsPhrase = (n: number) => `${formatNumber(n)} unit${n === 1 ? '' : 's'}`;

/** Asks before cancelling a PENDING order, then cancels it: the money comes back to the wallet. */
export function CancelOrderDialog({ open, order, onClose, onDone }: CancelOrderDialogProps) {
  const [busy, setBusy] = useState(false);
  const name = order?.property?.name ?? 'this property';

  const confirm = async () => {
    if (!open || !order) return;
    setBusy(true);
    try {
      const cancelled = await cancelOrder(order._id);
      toast.success(`Order cancelled: ${formatMoney(cancelled.amount)} was refunded to your wallet.`);
      onDone(cancelled);
    } catch (err) {
      toast.error(await readError(err));
      onDone(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Cancel this order?"
      message={
        order
          ? `Your order of ${unitsPhrase(order.quantity)} of ${name} for ${formatMoney(order.amount)} will be cancelled. The units are released and ${formatMoney(order.amount)} goes back to your wallet.`
          : ''
      }
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
