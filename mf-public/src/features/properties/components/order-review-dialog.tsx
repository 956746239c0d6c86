import { formatMoney, formatNumber } from 'shared-ui/core';
import { ReviewDialog } from './review-dialog';
import { centsToDollars, dollarsToCents } from 'shared-api/contract';

export interface OrderReviewDialogProps {
  open: boolean;
  propertyName: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** The wallet balance now; undefined while unknown. */
  balance: number | undefined;
  placing: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** Wallet balance once the order's total is held (exact to the cent). */
export function balanceAfter(balance: number, total: number): number {
  return centsToDollars(dollarsToCents(balance) - dollarsToCents(total));
}

/**
 * The review step before an order is placed (issue 16): units, unit price, total, the wallet
 * balance after, and what happens next. Confirm places the order; Back returns to the form.
 */
export function OrderReviewDialog({
  open,
  propertyName,
  quantity,
  unitPrice,
  total,
  balance,
  placing,
  onConfirm,
  onBack,
}: OrderReviewDialogProps) {
  const rows: [string, string][] = [
    ['Property', propertyName],
    ['Units', formatNumber(quantity, 0)],
    ['Unit price', formatMoney(unitPrice)],
    ['Total', formatMoney(total)],
    ['Wallet balance now', balance === undefined ? 'unavailable' : formatMoney(balance)],
    ['Wallet balance after', balance === undefined ? 'unavailable' : formatMoney(balanceAfter(balance, total))],
  ];
  return (
    <ReviewDialog
      open={open}
      title="Review your order"
      rows={rows}
      next={
        'The total is held from your wallet and your order stays pending until an admin approves it; the units are reserved for you meanwhile. Until then you can cancel it from Your orders and the money returns to your wallet. If it is rejected, the money returns too.'
      }
      confirmLabel="Confirm order"
      placing={placing}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}
