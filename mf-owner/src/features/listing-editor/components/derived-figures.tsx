import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { formatMoney, formatPercent } from 'shared-ui/core';

export interface DerivedFiguresProps {
  totalValue: number | null;
  annualReturn: number | null;
}

/** Spec 3's derived figures, recomputed as the owner types. */
export function DerivedFigures({ totalValue, annualReturn }: DerivedFiguresProps) {
  const items = [
    { label: 'Total value', value: formatMoney(totalValue, { cents: 'auto' }), hint: 'Unit price × total units' },
    { label: 'Annual return', value: formatPercent(annualReturn), hint: 'Five-year ROI ÷ 5' },
  ];
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label="Derived figures"
      aria-live="polite"
      sx={{ p: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, bgcolor: 'action.hover' }}
    >
      {items.map((i) => (
        <Box key={i.label}>
          <Typography variant="body2" color="text.secondary">
            {i.label}
          </Typography>
          <Typography component="p" variant="h5" sx={{ fontWeight: 700 }} data-testid={`figure-${i.label}`}>
            {i.value}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {i.hint}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}
