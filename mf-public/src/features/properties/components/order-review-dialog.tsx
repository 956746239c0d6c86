import { useId } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, Modal, formatMoney, formatNumber } from 'shared-ui/core';
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
  const nextId = useId();
  const rows: [string, string][] = [
    ['Property', propertyName],
    ['Units', formatNumber(quantity, 0)],
    ['Unit price', formatMoney(unitPrice)],
    ['Total', formatMoney(total)],
    ['Wallet balance now', balance === undefined ? 'unavailable' : formatMoney(balance)],
    ['Wallet balance after', balance === undefined ? 'unavailable' : formatMoney(balanceAfter(balance, total))],
  ];
  return (
    <Modal
      open={open}
      onClose={onBack}
      title="Review your order"
      maxWidth="xs"
      disableClose={placing}
      describedBy={nextId}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onBack} disabled={placing}>
            Back
          </Button>
          <Button variant="filled-blue" size="SM" onClick={onConfirm} loading={placing}>
            Confirm order
          </Button>
        </>
      }
    >
      <Box
        component="dl"
        aria-label="Order summary"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 600 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Box id={nextId} sx={{ mt: 2 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          What happens next
        </Typography>
        <Typography color="text.secondary" variant="body2">
          The total is held from your wallet and your order stays pending until an admin approves it; the units are reserved for you
          meanwhile. Until then you can cancel it from Your orders and the money returns to your wallet. If it is rejected, the money
          returns too.
        </Typography>
      </Box>
    </Modal>
  );
}
