// The property's performance on its public page (issue 18): the latest appraisal (value per
// unit, date) and the distribution history (period, net income, per unit). Loaded after the
// first paint (property-detail-page.tsx), so it never delays the photos and figures.
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { formatMoney, formatNumber, visuallyHidden } from 'shared-ui/core';
import { useAsync, ErrorState } from 'shared-ui/components';
import { getPropertyPerformance } from 'shared-api';
import type { Distribution } from 'shared-api/contract';

/** A calendar day from the API ("2026-03-07") shown as that day in any time zone. */
function day(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  );
}

const cell = { py: 1, px: 1.5, borderBottom: 1, borderColor: 'divider', textAlign: 'right', whiteSpace: 'nowrap' } as const;

function statusText(d: Distribution): string {
  if (d.status === 'PAID') return `Paid ${day(d.payDate)}`;
  return `To be paid ${day(d.payDate)}`;
}

export function PerformanceSection({ propertyId }: { propertyId: string }) {
  const { data, error, loading, reload } = useAsync(() => getPropertyPerformance(propertyId), [propertyId]);
  const latest = data?.latestAppraisal;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="performance-title" sx={{ p: { xs: 2.5, md: 3 }, minWidth: 0 }}>
      <Typography id="performance-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
        Income and valuation
      </Typography>
      {error ? (
        <ErrorState message={error} onRetry={reload} retrying={loading} />
      ) : !data ? (
        <Box role="status" aria-label="Loading income and valuation">
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            {latest ? (
              <>
                Latest appraisal: <strong>{formatMoney(latest.valuePerUnit)} a unit</strong> on {day(latest.appraisedOn)}.
              </>
            ) : (
              'Not appraised yet.'
            )}
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Distribution history
          </Typography>
          {data.distributions.length === 0 ? (
            <Typography color="text.secondary">
              {data.incomeProducing
                ? 'No distribution yet: income is paid after each approved period report.'
                : 'This property pays income once it is funded and producing rent.'}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.9375rem' }}>
                <Box component="caption" sx={visuallyHidden}>
                  Distribution history
                </Box>
                <thead>
                  <tr>
                    <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left' }}>
                      Period
                    </Box>
                    <Box component="th" scope="col" sx={cell}>
                      Net income
                    </Box>
                    <Box component="th" scope="col" sx={cell}>
                      Per unit
                    </Box>
                    <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left' }}>
                      Status
                    </Box>
                  </tr>
                </thead>
                <tbody>
                  {data.distributions.map((d) => (
                    <tr key={d._id}>
                      <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                        {day(d.periodStart)} – {day(d.periodEnd)}
                      </Box>
                      <Box component="td" sx={cell}>
                        {formatMoney(d.netIncome)}
                      </Box>
                      <Box component="td" sx={cell}>
                        {d.perUnit === null ? '—' : `$${formatNumber(d.perUnit, 4)}`}
                      </Box>
                      <Box component="td" sx={{ ...cell, textAlign: 'left' }}>
                        {statusText(d)}
                      </Box>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
