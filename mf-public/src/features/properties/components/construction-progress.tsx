import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import type { ProgressUpdate } from 'shared-api/contract';
import { ProgressBar } from 'shared-ui/components';
import { formatDate, formatPercent } from 'shared-ui/core';

/** Off-plan construction progress: the current percent and the owner's dated updates. */
export function ConstructionProgress({ progress, updates }: { progress: number; updates: readonly ProgressUpdate[] }) {
  const timeline = [...updates].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="construction-title" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id="construction-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Construction progress
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
        <Typography color="text.secondary">Built so far</Typography>
        <Typography sx={{ fontWeight: 700 }}>{formatPercent(progress, 0)}</Typography>
      </Box>
      <ProgressBar current={progress} max={100} label="Construction progress" valueText={`${formatPercent(progress, 0)} built`} />
      {timeline.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No progress updates yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Progress updates"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, display: 'grid', gap: 2, borderLeft: 2, borderColor: 'divider', pl: 2.5 }}
        >
          {timeline.map((u) => (
            <Box
              component="li"
              key={u._id}
              sx={{
                position: 'relative',
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: -27,
                  top: 6,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  border: '2px solid #fff',
                },
              }}
            >
              <Typography variant="body2" color="text.secondary">
                <time dateTime={u.createdAt}>{formatDate(u.createdAt, 'long')}</time> · {formatPercent(u.percent, 0)}
              </Typography>
              {u.note && <Typography>{u.note}</Typography>}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
