// One holding's returns on the investments page: its figures, the reinvest switch and its
// distributions (the property's profit and loss for each period), shown on demand.
import { useId, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, formatDate, formatMoney, formatPercent } from 'shared-ui/core';
import type { HoldingReturns } from 'shared-api/contract';
import { DistributionsTable } from './distributions-table';
import { ReinvestSwitch } from './reinvest-switch';
import { signedMoney, yieldText } from './returns-summary';
import { Figure } from '../../components/figure';

export function HoldingReturnsPanel({ returns: r }: { returns: HoldingReturns }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Box
      component="section"
      aria-label={`Returns of ${r.propertyName}`}
      sx={{ display: 'grid', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(8.5rem, 100%), 1fr))' }}>
        <Figure label="Income received" value={formatMoney(r.incomeReceived)} />
        <Figure label="Income this year" value={formatMoney(r.incomeThisYear)} />
        <Figure label="Realized yield" value={yieldText(r.realizedAnnualYield)} />
        <Figure label="Projected return" value={`${formatPercent(r.projectedAnnualReturn)} a year`} />
        <Figure label="Value" value={formatMoney(r.currentValue)} />
        <Figure label="Unrealized gain or loss" value={signedMoney(r.unrealizedGain)} />
        <Figure label="Realized gain or loss" value={signedMoney(r.realizedGain)} />
        <Figure label="Total return" value={`${signedMoney(r.totalReturn)} (${formatPercent(r.totalReturnPercent)})`} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {r.valuePerUnit === null || r.appraisedOn === null
          ? `Not appraised yet: valued at the issue price, ${formatMoney(r.markPerUnit)} a unit.`
          : `Appraised at ${formatMoney(r.valuePerUnit)} a unit on ${formatDate(`${r.appraisedOn}T12:00:00Z`)}.`}
        {r.marketPrice !== null &&
          r.marketPriceDate !== null &&
          ` Market price: ${formatMoney(r.marketPrice)}, last traded ${formatDate(`${r.marketPriceDate}T12:00:00Z`)}.`}
      </Typography>
      <ReinvestSwitch propertyId={r.propertyId} propertyName={r.propertyName} initial={r.reinvest} />
      <Box>
        <Button variant="text-blue" size="SM" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide distributions' : `Show distributions (${r.distributions.length})`}
        </Button>
        <Box id={tableId} hidden={!open} sx={{ mt: 1 }}>
          {open && <DistributionsTable propertyName={r.propertyName} rows={r.distributions} />}
        </Box>
      </Box>
    </Box>
  );
}
