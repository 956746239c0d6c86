import { Children, type ReactNode } from 'react';
import { Box } from 'shared-ui/mui-core';

export interface PropertyGridProps {
  children: ReactNode;
  /** Names the list for screen readers, e.g. "Properties". */
  'aria-label'?: string;
}

/** Spec 9: auto-fit columns, at least 20rem each; a list of cards. */
export function PropertyGrid({ children, 'aria-label': ariaLabel }: PropertyGridProps) {
  return (
    <Box
      component="ul"
      aria-label={ariaLabel}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(20rem, 100%), 1fr))',
        gap: { xs: 2, md: 3 },
      }}
    >
      {Children.toArray(children).map((child, i) => (
        <Box component="li" key={(child as { key?: string | null }).key ?? i} sx={{ minWidth: 0 }}>
          {child}
        </Box>
      ))}
    </Box>
  );
}
