// The book's depth, aggregated by price: bids highest first, asks lowest first. Plain tables
// (no MUI table module on the public page): a caption each, header cells with scope.
import { Box, Typography } from 'shared-ui/mui-core';
import { formatMoney, formatNumber } from 'shared-ui/core';
import type { MarketBookLevel } from 'shared-api/contract';

const cell = { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right', whiteSpace: 'nowrap' } as const;

function Side({
  title,
  levels,
  tone,
  empty,
}: {
  title: string;
  levels: MarketBookLevel[];
  tone: 'success.main' | 'error.main';
  empty: string;
}) {
  return (
    <Box sx={{ minWidth: 0, overflowX: 'auto' }}>
      <Box component="table" aria-label={title} sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' }}>
        <Typography component="caption" variant="subtitle2" sx={{ textAlign: 'left', fontWeight: 700, pb: 0.5, color: tone }}>
          {title}
        </Typography>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}>
              Price per unit
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}>
              Units
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}>
              Orders
            </Box>
          </tr>
        </thead>
        <tbody>
          {levels.length === 0 ? (
            <tr>
              <Box component="td" colSpan={3} sx={{ ...cell, textAlign: 'left', color: 'text.secondary' }}>
                {empty}
              </Box>
            </tr>
          ) : (
            levels.map((l) => (
              <tr key={l.price}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 600, color: tone }}>
                  {formatMoney(l.price)}
                </Box>
                <Box component="td" sx={cell}>
                  {formatNumber(l.units, 0)}
                </Box>
                <Box component="td" sx={cell}>
                  {formatNumber(l.orders, 0)}
                </Box>
              </tr>
            ))
          )}
        </tbody>
      </Box>
    </Box>
  );
}

export function DepthTables({ bids, asks }: { bids: MarketBookLevel[]; asks: MarketBookLevel[] }) {
  return (
    <Box component="section" aria-label="Order book" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Side title="Bids (buy orders)" levels={bids} tone="success.main" empty="No buy orders" />
      <Side title="Asks (sell orders)" levels={asks} tone="error.main" empty="No sell orders" />
    </Box>
  );
}
