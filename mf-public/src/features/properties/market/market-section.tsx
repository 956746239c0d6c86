// The property's secondary market (issue 20): best bid and ask, last price, the book's depth by
// price level, the price history and, for a verified investor, the buy / sell form. A chunk of
// its own, rendered after the first paint (property-detail-page.tsx), so the photo and figures
// never wait for it; it fetches once it is on screen and follows the book without a reload.
import { useCallback } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { formatMoney, formatNumber } from 'shared-ui/core';
import { useAsync, ErrorState } from 'shared-ui/components';
import { getMarketBook, getMarketPriceHistory } from 'shared-api';
import type { MarketBook, MarketStatus } from 'shared-api/contract';
import { MARKET_STATUS_LABELS } from 'shared-api/contract/market';
import { DepthTables } from './depth-table';
import { PriceHistory } from './price-history';
import { TradePanel } from './trade-panel';
import { useMarketUpdates } from './use-market-updates';

export interface MarketSectionProps {
  propertyId: string;
  propertyName: string;
}

const SHOWN: readonly MarketStatus[] = ['OPEN', 'HALTED'];

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.125rem' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

const priceOrDash = (n: number | null) => (n === null ? '—' : formatMoney(n));

function Summary({ book }: { book: MarketBook }) {
  return (
    <Box
      component="dl"
      aria-label="Market prices"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(9rem, 100%), 1fr))' }}
    >
      <Figure label="Best bid" value={priceOrDash(book.bestBid)} testId="best-bid" />
      <Figure label="Best ask" value={priceOrDash(book.bestAsk)} testId="best-ask" />
      <Figure label="Last price" value={priceOrDash(book.lastPrice)} testId="last-price" />
      <Figure label="Traded in 24 hours" value={`${formatNumber(book.volume24hUnits, 0)} units · ${formatMoney(book.volume24h)}`} />
    </Box>
  );
}

/** Renders nothing for a property that does not trade (not live, or trading not enabled). */
export function MarketSection({ propertyId, propertyName }: MarketSectionProps) {
  const book = useAsync(() => getMarketBook(propertyId), [propertyId]);
  const history = useAsync(() => getMarketPriceHistory(propertyId), [propertyId]);
  const b = book.data;
  const tradable = b ? SHOWN.includes(b.status) : true;
  const { reload: reloadBook } = book;
  const { reload: reloadHistory } = history;
  const refresh = useCallback(() => {
    reloadBook();
    reloadHistory();
  }, [reloadBook, reloadHistory]);
  useMarketUpdates(propertyId, refresh, tradable && !book.error);

  if (b && !tradable) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      id="market"
      aria-labelledby="market-title"
      sx={{ p: { xs: 2.5, md: 3 }, minWidth: 0, scrollMarginTop: 96 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id="market-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Market
        </Typography>
        {b && (
          <Typography variant="body2" color={b.status === 'OPEN' ? 'success.main' : 'warning.main'} sx={{ fontWeight: 600 }}>
            {MARKET_STATUS_LABELS[b.status]}
          </Typography>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Investors buy and sell units of {propertyName} from each other here, at the prices they set.
      </Typography>
      {book.error && !b ? (
        <ErrorState title="We could not load the market" message={book.error} onRetry={book.reload} retrying={book.loading} />
      ) : !b ? (
        <Box role="status" aria-label="Loading the market">
          <Skeleton height={72} />
          <Skeleton height={180} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {b.status === 'HALTED' && (
            <Alert severity="warning">
              <strong>Trading halted.</strong> {b.haltReason ?? ''} Open orders stay on the book; no order is accepted or matched until
              trading resumes.
            </Alert>
          )}
          <Summary book={b} />
          <DepthTables bids={b.bids} asks={b.asks} />
          <PriceHistory history={history.data} error={history.error} onRetry={history.reload} />
          <TradePanel book={b} onPlaced={refresh} />
        </Box>
      )}
    </Paper>
  );
}
