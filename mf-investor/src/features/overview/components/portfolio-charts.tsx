import { Box } from 'shared-ui/mui-core';
import { formatMoney } from 'shared-ui/core';
import { DonutChart, LineChart } from 'shared-ui/charts';
import { PROPERTY_TYPE_LABELS, type UserMetrics } from 'shared-api/contract';
import { formatDay } from '../../../lib/dates';

const money = (n: number) => formatMoney(n, { cents: 'auto' });

/** Where the money is (by property, by type) and how it grew, from the server's figures. */
export function PortfolioCharts({ metrics: m }: { metrics: UserMetrics }) {
  return (
    // position + overflow: the charts' visually hidden tables are absolutely positioned and
    // would otherwise widen a 360px page.
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(20rem, 100%), 1fr))',
      }}
    >
      <DonutChart
        title="Allocation by property"
        labels={m.allocationByProperty.map((a) => a.name)}
        series={[{ label: 'Invested', values: m.allocationByProperty.map((a) => a.amount) }]}
        format={money}
        height={240}
      />
      <DonutChart
        title="Allocation by type"
        labels={m.allocationByType.map((a) => PROPERTY_TYPE_LABELS[a.type] ?? a.type)}
        series={[{ label: 'Invested', values: m.allocationByType.map((a) => a.amount) }]}
        format={money}
        height={240}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <LineChart
          title="Money invested over time"
          labels={m.investedOverTime.map((p) => formatDay(p.date))}
          series={[{ label: 'Total invested', values: m.investedOverTime.map((p) => p.amount) }]}
          format={money}
          height={260}
          area
        />
      </Box>
    </Box>
  );
}
