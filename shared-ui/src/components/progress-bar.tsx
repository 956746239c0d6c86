import { Box } from 'shared-ui/mui-core';
import type { SxProps, Theme } from 'shared-ui/mui-core';
import { progressPercent } from 'shared-api/contract';
import { brand } from 'shared-ui/core';

export interface ProgressBarProps {
  current: number;
  max: number;
  /** Accessible name (default "Progress"). */
  label?: string;
  /** Spoken value, e.g. "$90,375 of $120,500"; default the rounded percent. */
  valueText?: string;
  sx?: SxProps<Theme>;
}

/** Spec 3: width = current / maximum as a percent, clamped to 0–100. */
export function ProgressBar({ current, max, label = 'Progress', valueText, sx }: ProgressBarProps) {
  const percent = progressPercent(current, max);
  const rounded = Math.round(percent);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={valueText ?? `${rounded}%`}
      sx={[{ height: 8, borderRadius: 999, bgcolor: brand.blueSoft, overflow: 'hidden' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box
        data-testid="progress-fill"
        sx={{ height: '100%', width: `${percent}%`, bgcolor: 'primary.main', borderRadius: 999, transition: 'width 300ms ease' }}
      />
    </Box>
  );
}
