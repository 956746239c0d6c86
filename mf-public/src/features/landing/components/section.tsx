import type { ReactNode } from 'react';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import type { SxProps, Theme } from 'shared-ui/mui-core';

export interface SectionProps {
  id?: string;
  /** Small label above the heading. */
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  tone?: 'plain' | 'tinted' | 'dark';
  sx?: SxProps<Theme>;
  headingId?: string;
}

const tones = {
  plain: { bgcolor: 'background.paper', color: 'text.primary' },
  tinted: { bgcolor: 'background.default', color: 'text.primary' },
  dark: { bgcolor: '#0A2540', color: '#FFFFFF' },
} as const;

/** One landing section: an h2 with an optional eyebrow and intro. Anchored sections leave room for the sticky top bar. */
export function Section({ id, eyebrow, title, intro, children, tone = 'plain', sx, headingId }: SectionProps) {
  const hId = headingId ?? (id ? `${id}-title` : undefined);
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={hId}
      sx={[{ ...tones[tone], py: { xs: 7, md: 10 }, scrollMarginTop: 72 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Container maxWidth="lg">
        <Box sx={{ maxWidth: 760, mb: { xs: 4, md: 5 } }}>
          {eyebrow && (
            <Typography
              component="p"
              sx={{
                fontWeight: 700,
                textTransform: 'uppercase',
                letterSpacing: '0.08em',
                fontSize: '0.8125rem',
                color: tone === 'dark' ? '#9CC3FF' : 'primary.main',
                mb: 1,
              }}
            >
              {eyebrow}
            </Typography>
          )}
          <Typography id={hId} component="h2" variant="h2">
            {title}
          </Typography>
          {intro && (
            <Typography sx={{ mt: 2, fontSize: '1.0625rem', color: tone === 'dark' ? 'rgba(255,255,255,0.85)' : 'text.secondary' }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
