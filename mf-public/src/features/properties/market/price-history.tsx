// The price of each trade over time: a small inline SVG line (decorative for assistive
// technology), a one-line summary, and the trades as a table for screen readers.
import { Box, Typography } from 'shared-ui/mui';
import { Button, formatMoney, formatNumber, visuallyHidden } from 'shared-ui/core';
import type { MarketPriceHistory } from 'shared-api/contract';

const W = 600;
const H = 160;
const PAD = 8;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** SVG polyline points of `prices` scaled into the drawing (a flat line in the middle when every price is the same). */
export function linePoints(prices: number[], width = W, height = H): string {
  if (prices.length === 0) return '';
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const span = hi - lo;
  const step = prices.length > 1 ? (width - 2 * PAD) / (prices.length - 1) : 0;
  return prices
    .map((p, i) => {
      const x = prices.length > 1 ? PAD + i * step : width / 2;
      const y = span === 0 ? height / 2 : PAD + ((hi - p) / span) * (height - 2 * PAD);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}

export function PriceHistory({
  history,
  error,
  onRetry,
}: {
  history: MarketPriceHistory | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  const points = history?.points ?? [];
  const prices = points.map((p) => p.price);
  return (
    <Box component="section" aria-labelledby="price-history-title">
      <Typography id="price-history-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Price history{history ? ` (last ${history.days} days)` : ''}
      </Typography>
      {error && !history ? (
        <Typography color="text.secondary">
          The price history could not be loaded.{' '}
          <Button variant="text-blue" size="SM" onClick={onRetry}>
            Retry
          </Button>
        </Typography>
      ) : !history ? (
        <Typography color="text.secondary">Loading the price history...</Typography>
      ) : points.length === 0 ? (
        <Typography color="text.secondary">No trades yet in this period.</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="price-summary">
            {formatNumber(points.length, 0)} {points.length === 1 ? 'trade' : 'trades'} · from {formatMoney(Math.min(...prices))} to{' '}
            {formatMoney(Math.max(...prices))} · last {formatMoney(prices[prices.length - 1])}
          </Typography>
          <Box
            component="svg"
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
            sx={{ display: 'block', width: '100%', height: 120, mt: 1, bgcolor: 'background.default', borderRadius: 1 }}
          >
            <polyline points={linePoints(prices)} fill="none" stroke="#0D47A1" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          </Box>
          <Box component="table" sx={visuallyHidden}>
            <caption>Trades in the last {history.days} days</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Price per unit</th>
                <th scope="col">Units</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={`${p.at}-${i}`}>
                  <th scope="row">{when(p.at)}</th>
                  <td>{formatMoney(p.price)}</td>
                  <td>{formatNumber(p.units, 0)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}
