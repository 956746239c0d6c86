import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { amountRaised, annualReturn, fundingPercent, totalValue, unitsReserved, unitsSold, type Property } from 'shared-api/contract';
import { ProgressBar } from 'shared-ui/components';
import { formatMoney, formatNumber, formatPercent } from 'shared-ui/core';

/**
 * Spec 3's figures: unit price, units, amount raised against total value, annual return.
 * Sold and raised count completed orders only; units in pending orders show as reserved (issue 16).
 */
export function PropertyFigures({ property: p }: { property: Property }) {
  const raised = amountRaised(p);
  const total = totalValue(p);
  const raisedText = formatMoney(raised, { cents: 'auto' });
  const totalText = formatMoney(total, { cents: 'auto' });
  const rows: [string, string][] = [
    ['Price per unit', formatMoney(p.unitPrice)],
    ['Annual return', formatPercent(annualReturn(p))],
    ['Return over five years', formatPercent(p.roiInFiveYears)],
    ['Total units', formatNumber(p.totalQuantity, 0)],
    ['Units sold', formatNumber(unitsSold(p), 0)],
    ['Units reserved', formatNumber(unitsReserved(p), 0)],
    ['Units available', formatNumber(p.availableQuantity, 0)],
    ['Total value', totalText],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="figures-title" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id="figures-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Key figures
      </Typography>
      <Box sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography data-testid="raised">
            <Box component="strong" sx={{ fontSize: '1.375rem' }}>
              {raisedText}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              raised of {totalText}
            </Box>
          </Typography>
          <Typography color="text.secondary">{formatPercent(fundingPercent(p), 0)} funded</Typography>
        </Box>
        <ProgressBar current={raised} max={total} label="Amount raised" valueText={`${raisedText} raised of ${totalText}`} />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
          gap: 2,
          '& div': { p: 1.5, borderRadius: 2, bgcolor: 'background.default' },
          '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
          '& dd': { m: 0, mt: 0.25, fontWeight: 700, fontSize: '1.0625rem' },
        }}
      >
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Box>
      {unitsReserved(p) > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Reserved units are in orders awaiting an admin&apos;s approval: they count as sold, and towards the amount raised, once approved.
        </Typography>
      )}
    </Paper>
  );
}
