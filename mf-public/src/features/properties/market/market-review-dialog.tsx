import { useId } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, Modal, formatMoney, formatNumber } from 'shared-ui/core';
import type { MarketSide } from 'shared-api/contract';
import { feePercent, type OrderFigures } from './market';

export interface MarketReviewDialogProps {
  open: boolean;
  propertyName: string;
  side: MarketSide;
  units: number;
  price: number;
  figures: OrderFigures;
  feeBps: number;
  /** YYYY-MM-DD, or null: good until cancelled. */
  goodUntil: string | null;
  placing: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

const day = (ymd: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${ymd}T00:00:00Z`),
  );

/** The review step before a market order is placed: what it costs or earns, the fee, and what is held meanwhile. */
export function MarketReviewDialog(props: MarketReviewDialogProps) {
  const { open, propertyName, side, units, price, figures, feeBps, goodUntil, placing, onConfirm, onBack } = props;
  const nextId = useId();
  const buy = side === 'BUY';
  const unitsText = `${formatNumber(units, 0)} ${units === 1 ? 'unit' : 'units'}`;
  const rows: [string, string][] = [
    ['Property', propertyName],
    ['Order', `${buy ? 'Buy' : 'Sell'} ${unitsText}`],
    ['Limit price per unit', formatMoney(price)],
    ['Total', formatMoney(figures.total)],
    ['Trading fee', buy ? 'None (paid by the seller)' : `${formatMoney(figures.fee)} (${feePercent(feeBps)})`],
    ...(buy ? [] : ([['You receive', formatMoney(figures.proceeds)]] as [string, string][])),
    ['Held while open', buy ? `${formatMoney(figures.heldMoney)} from your wallet` : `${unitsText} of your holding`],
    ['Good until', goodUntil ? `End of ${day(goodUntil)} (UTC)` : 'Cancelled'],
  ];
  return (
    <Modal
      open={open}
      onClose={onBack}
      title={`Review your ${buy ? 'buy' : 'sell'} order`}
      maxWidth="xs"
      disableClose={placing}
      describedBy={nextId}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onBack} disabled={placing}>
            Back
          </Button>
          <Button variant="filled-blue" size="SM" onClick={onConfirm} loading={placing}>
            Place order
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
          {buy
            ? 'Your order trades at once with sell orders at your price or lower, best price first; what is left rests on the book with its money held. '
            : 'Your order trades at once with buy orders at your price or higher, best price first; what is left rests on the book with its units held. '}
          You can cancel what has not traded from Market orders; what is held is then released.
        </Typography>
      </Box>
    </Modal>
  );
}
