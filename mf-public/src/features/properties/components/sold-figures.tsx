// In place of the order form once a property is sold: its final figures (sale price, costs,
// fee and net proceeds; per unit, net proceeds, income paid, the total return of a unit bought
// at the listing's price and held to the sale). The listing's answer carries them (`sale`);
// asked of GET /v1/properties/:id/sale only when it does not. Its own chunk, loaded after
// paint, like the invest panel.
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { formatMoney } from 'shared-ui/core';
import { useAsync, ErrorState } from 'shared-ui/components';
import { getSoldPropertyFigures } from 'shared-api';
import type { SoldPropertyFigures } from 'shared-api/contract';

/** A calendar day from the API ("2026-03-07") shown as that day in any time zone. */
function day(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function SoldFigures({ propertyId, figures }: { propertyId: string; figures?: SoldPropertyFigures | null }) {
  const { data, error, loading, reload } = useAsync(
    () => getSoldPropertyFigures(propertyId),
    [propertyId],
    () => figures ?? undefined,
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sold-title" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id="sold-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        Sold{data ? ` on ${day(data.soldOn)}` : ''}
      </Typography>
      {error ? (
        <ErrorState message={error} onRetry={reload} retrying={loading} />
      ) : !data ? (
        <Box role="status" aria-label="Loading the final figures">
          <Skeleton height={160} />
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            This property was sold and its holders were paid. Its final figures:
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Line label="Sale price" value={formatMoney(data.salePrice)} />
            <Line label="Costs of the sale" value={formatMoney(data.costs)} />
            <Line label="Sale fee" value={formatMoney(data.fee)} />
            <Line label="Net proceeds" value={formatMoney(data.netProceeds)} />
            <Line label="Unit price at listing" value={formatMoney(data.unitPrice)} />
            <Line label="Sale proceeds per unit" value={formatMoney(data.proceedsPerUnit)} />
            <Line label="Income paid per unit" value={formatMoney(data.incomePaidPerUnit)} />
            <Line label="Total return for its first holders" value={`${data.totalReturnPct.toFixed(2)}%`} />
          </Box>
        </>
      )}
    </Paper>
  );
}
