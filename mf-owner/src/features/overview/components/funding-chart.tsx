import { Box, Typography } from 'shared-ui/mui-core';
import { formatMoney, formatNumber, formatPercent } from 'shared-ui/core';
import { DonutChart } from 'shared-ui/charts';
import { amountRaised, fundingPercent, totalValue, unitsReserved, unitsSold, type Property } from 'shared-api/contract';

const money = (n: number) => formatMoney(n, { cents: 'auto' });

/** One active listing's funding: raised against what is still to raise. */
export function FundingChart({ property: p }: { property: Property }) {
  const raised = amountRaised(p);
  const total = totalValue(p);
  return (
    <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
      <DonutChart
        title={`${p.name}: ${formatPercent(fundingPercent(p), 0)} funded`}
        labels={['Raised', 'Still to raise']}
        series={[{ label: 'Funding', values: [raised, Math.max(0, total - raised)] }]}
        format={money}
        height={200}
      />
      <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {money(raised)} raised of {money(total)} · {formatNumber(unitsSold(p))} of {formatNumber(p.totalQuantity)} units sold ·{' '}
        {formatNumber(unitsReserved(p))} reserved
      </Typography>
    </Box>
  );
}
