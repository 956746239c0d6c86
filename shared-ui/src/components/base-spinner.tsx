/** @jsxImportSource @emotion/react */
// The design system's Spinner (spinner.tsx: MUI's CircularProgress markup and animation)
// without MUI, for the shell's page-loading state on the first visit.
import { css, keyframes } from '@emotion/react';
import { palette } from '../tokens';

const rotate = keyframes({ '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } });
const dash = keyframes({
  '0%': { strokeDasharray: '1px, 200px', strokeDashoffset: 0 },
  '50%': { strokeDasharray: '100px, 200px', strokeDashoffset: '-15px' },
  '100%': { strokeDasharray: '1px, 200px', strokeDashoffset: '-126px' },
});
const root = css({
  display: 'inline-block',
  color: palette.primary.main,
  animation: `${rotate} 1.4s linear infinite`,
  '& svg': { display: 'block' },
  '& circle': {
    stroke: 'currentColor',
    strokeDasharray: '80px, 200px',
    strokeDashoffset: 0,
    animation: `${dash} 1.4s ease-in-out infinite`,
  },
});

export function BaseSpinner({ size = 40, 'aria-label': label }: { size?: number; 'aria-label'?: string }) {
  return (
    <span role="progressbar" aria-label={label} css={root} style={{ width: size, height: size }}>
      <svg viewBox="22 22 44 44">
        <circle cx={44} cy={44} r={20.2} fill="none" strokeWidth={3.6} />
      </svg>
    </span>
  );
}
