import { formatMoney, formatNumber } from 'shared-ui/core';
import type { MarketSide } from 'shared-api/contract';
import { ReviewDialog } from '../components/review-dialog';
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
    <ReviewDialog
      open={open}
      title={`Review your ${buy ? 'buy' : 'sell'} order`}
      rows={rows}
      next={`${
        buy
          ? 'Your order trades at once with sell orders at your price or lower, best price first; what is left rests on the book with its money held. '
          : 'Your order trades at once with buy orders at your price or higher, best price first; what is left rests on the book with its units held. '
      }You can cancel what has not traded from Market orders; what is held is then released.`}
      confirmLabel="Place order"
      placing={placing}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}
