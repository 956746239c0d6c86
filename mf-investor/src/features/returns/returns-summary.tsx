// The investor's returns: the account value, income, realized and unrealized gain or loss,
// total return, the realized yield beside the projected return and the money-weighted return,
// then income, value and money invested over time. Every figure is the server's portfolio
// engine (GET /v1/holdings/returns; docs/portfolio-accounting.md); nothing is recomputed here.
import { Box } from 'shared-ui/mui-core';
import { formatMoney, formatPercent } from 'shared-ui/core';
import { StatCard } from 'shared-ui/display';
import { LineChart } from 'shared-ui/charts';
import type { PortfolioReturns, ReturnsTotals } from 'shared-api/contract';
import { ACCOUNT_VALUE_LABEL } from 'shared-api/contract/dashboard';
import { formatDay } from '../../lib/dates';

const chartMoney = (n: number) => formatMoney(n, { cents: 'auto' });

/** "+$12.00" / "-$3.50": a gain or a loss, signed. */
export function signedMoney(n: number): string {
  return n > 0 ? `+${formatMoney(n)}` : formatMoney(n);
}

/** "4.25% a year", or "No income yet" before the first distribution. */
export function yieldText(y: number | null): string {
  return y === null ? 'No income yet' : `${formatPercent(y)} a year`;
}

// The account value itself is in each page's own figures (from the same engine), beside these.
export function ReturnsCards({ total: t }: { total: ReturnsTotals }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))' }}>
      <StatCard title="Total income received" value={formatMoney(t.incomeReceived)} hint="Distributions paid into your wallet" />
      <StatCard title="Income this year" value={formatMoney(t.incomeThisYear)} hint="Since January 1" />
      <StatCard
        title="Unrealized gain or loss"
        value={signedMoney(t.unrealizedGain)}
        hint={`Your units' value minus the ${formatMoney(t.cost)} they cost`}
      />
      <StatCard
        title="Realized gain or loss"
        value={signedMoney(t.realizedGain)}
        hint={`On units sold (first bought, first sold), after ${formatMoney(t.fees)} in fees`}
      />
      <StatCard
        title="Total return"
        value={signedMoney(t.totalReturn)}
        hint={`${formatPercent(t.totalReturnPercent)} of what you paid: income + realized + unrealized`}
      />
      <StatCard
        title="Realized annual yield"
        value={yieldText(t.realizedAnnualYield)}
        hint={`On the average money invested. Projected: ${formatPercent(t.projectedAnnualReturn)} a year`}
      />
      <StatCard
        title="Money-weighted return"
        value={t.moneyWeightedReturn === null ? 'Not yet' : `${formatPercent(t.moneyWeightedReturn)} a year`}
        hint="Your purchases, sales, income and today's value, by date (XIRR)"
      />
    </Box>
  );
}

export function ReturnsCharts({ returns: r }: { returns: PortfolioReturns }) {
  return (
    // position + overflow: the charts' visually hidden tables would otherwise widen a 360px page.
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(20rem, 100%), 1fr))',
      }}
    >
      <LineChart
        title="Income over time"
        labels={r.incomeOverTime.map((p) => formatDay(p.date))}
        series={[{ label: 'Income received', values: r.incomeOverTime.map((p) => p.amount) }]}
        format={chartMoney}
        height={240}
        area
      />
      <LineChart
        title="Value over time"
        labels={r.valueOverTime.map((p) => formatDay(p.date))}
        series={[{ label: ACCOUNT_VALUE_LABEL, values: r.valueOverTime.map((p) => p.amount) }]}
        format={chartMoney}
        height={240}
      />
    </Box>
  );
}
