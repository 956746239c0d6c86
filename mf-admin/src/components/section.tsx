import { useId, type ReactNode } from 'react';
import { Box, Paper, Typography } from 'shared-ui/mui';

/** A titled block of a page (h2), with optional actions beside the title. */
export function Section({
  title,
  actions,
  children,
  level = 2,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id={id} component={level === 2 ? 'h2' : 'h3'} variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** Label–value pairs as a description list. */
export function Facts({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {items.map((it) => (
        <Box key={it.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}>
            {it.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {it.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
