import { Box, Typography } from 'shared-ui/mui-core';
import { CircularProgress } from 'shared-ui/mui-icon-button';
import { visuallyHidden } from 'shared-ui/core';
import { CheckCircleIcon, CircleIcon, ErrorCircleIcon } from '../../components/icons';
import type { StepView } from './use-onboarding-submit';

const STATE_TEXT = { waiting: 'waiting', running: 'in progress', done: 'done', failed: 'failed' } as const;

/** Where the submission stands, step by step (announced politely). */
export function SubmissionSteps({ steps }: { steps: readonly StepView[] }) {
  const failed = steps.some((s) => s.state === 'failed');
  return (
    <Box aria-live="polite" sx={{ mt: 2 }}>
      <Box component="ol" aria-label="Submission progress" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {steps.map((s) => (
          <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ width: 22, height: 22, display: 'grid', placeItems: 'center', flexShrink: 0 }} aria-hidden>
              {s.state === 'done' && <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} />}
              {s.state === 'failed' && <ErrorCircleIcon fontSize="small" color="error" />}
              {s.state === 'running' && <CircularProgress size={16} />}
              {s.state === 'waiting' && <CircleIcon fontSize="small" sx={{ color: 'text.disabled' }} />}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">
                {s.label}
                {s.state === 'running' && typeof s.progress === 'number' ? ` (${Math.round(s.progress * 100)}%)` : ''}
                <Box component="span" sx={visuallyHidden}>
                  {`: ${STATE_TEXT[s.state]}`}
                </Box>
              </Typography>
              {s.error && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {s.error}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {failed && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The steps already done are kept. Fix what is needed and press Submit again to finish.
        </Typography>
      )}
    </Box>
  );
}
