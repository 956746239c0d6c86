import { Box } from 'shared-ui/mui-core';
import type { SxProps, Theme } from 'shared-ui/mui-core';

export interface SpinnerProps {
  /** Width and height in px (default 40). */
  size?: number;
  /** 'inherit' takes the text colour; default the primary colour. */
  color?: 'primary' | 'inherit';
  'aria-label'?: string;
  'aria-hidden'?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An indeterminate circular progress with MUI's CircularProgress markup, sizes, stroke
 * and animations, without MUI's component (and its determinate mode): the design
 * system's Button shows it while loading, and the first visit carries this instead of
 * the shared-ui/mui-surfaces tier. docs/frontend.md.
 */
export function Spinner({ size = 40, color = 'primary', sx, ...aria }: SpinnerProps) {
  return (
    <Box
      component="span"
      role="progressbar"
      className="MuiCircularProgress-root MuiCircularProgress-indeterminate"
      {...aria}
      style={{ width: size, height: size }}
      sx={[
        {
          display: 'inline-block',
          color: color === 'inherit' ? 'inherit' : 'primary.main',
          animation: 'tessera-spinner-rotate 1.4s linear infinite',
          '@keyframes tessera-spinner-rotate': { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
          '@keyframes tessera-spinner-dash': {
            '0%': { strokeDasharray: '1px, 200px', strokeDashoffset: 0 },
            '50%': { strokeDasharray: '100px, 200px', strokeDashoffset: '-15px' },
            '100%': { strokeDasharray: '1px, 200px', strokeDashoffset: '-126px' },
          },
          '& svg': { display: 'block' },
          '& circle': {
            stroke: 'currentColor',
            strokeDasharray: '80px, 200px',
            strokeDashoffset: 0,
            animation: 'tessera-spinner-dash 1.4s ease-in-out infinite',
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <svg viewBox="22 22 44 44">
        <circle cx={44} cy={44} r={20.2} fill="none" strokeWidth={3.6} />
      </svg>
    </Box>
  );
}
