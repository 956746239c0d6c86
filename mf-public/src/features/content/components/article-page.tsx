import type { ReactNode } from 'react';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface ArticleSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface ArticlePageProps {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  sections: readonly ArticleSection[];
  /** Shown after the sections (calls to action). */
  footer?: ReactNode;
  /** Label of the table of contents. */
  tocLabel?: string;
}

/** A readable long page: h1 and intro, a table of contents, then one h2 per section. */
export function ArticlePage({ eyebrow, title, intro, sections, footer, tocLabel = 'On this page' }: ArticlePageProps) {
  useDocumentTitle(title);
  return (
    <Box component="article" sx={{ bgcolor: 'background.paper' }}>
      <Box component="header" sx={{ bgcolor: '#0A2540', color: '#FFFFFF', py: { xs: 6, md: 9 } }}>
        <Container maxWidth="lg">
          {eyebrow && (
            <Typography
              component="p"
              sx={{
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                fontSize: '0.8125rem',
                color: '#9CC3FF',
                mb: 1.5,
              }}
            >
              {eyebrow}
            </Typography>
          )}
          <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '2.125rem', md: '3rem' }, maxWidth: 820 }}>
            {title}
          </Typography>
          <Typography
            component="div"
            sx={{ mt: 2, fontSize: { xs: '1.0625rem', md: '1.1875rem' }, color: 'rgba(255,255,255,0.86)', maxWidth: 760 }}
          >
            {intro}
          </Typography>
        </Container>
      </Box>
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 5, md: 8 },
          display: 'grid',
          gap: { xs: 4, md: 8 },
          gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          component="nav"
          aria-label={tocLabel}
          sx={{ position: { md: 'sticky' }, top: { md: 88 }, borderLeft: { md: 2 }, borderColor: { md: 'divider' }, pl: { md: 2 } }}
        >
          <Typography component="p" sx={{ fontWeight: 700, mb: 1 }}>
            {tocLabel}
          </Typography>
          <Box
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0, display: { xs: 'flex', md: 'grid' }, flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75 }}
          >
            {sections.map((s) => (
              <li key={s.id}>
                <Box
                  component="a"
                  href={`#${s.id}`}
                  sx={{
                    color: 'text.secondary',
                    textDecoration: 'none',
                    fontSize: '0.9375rem',
                    '&:hover': { color: 'primary.main', textDecoration: 'underline' },
                  }}
                >
                  {s.title}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box
          sx={{
            maxWidth: 760,
            '& p': { mt: 0, mb: 2, lineHeight: 1.7 },
            '& ul, & ol': { mt: 0, mb: 2, pl: 3, lineHeight: 1.7 },
            '& li': { mb: 0.75 },
            '& a:not(.MuiButtonBase-root)': { color: 'primary.main' },
          }}
        >
          {sections.map((s) => (
            <Box
              component="section"
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-title`}
              sx={{ scrollMarginTop: 88, '& + &': { mt: { xs: 4.5, md: 6 } } }}
            >
              <Typography id={`${s.id}-title`} component="h2" variant="h3" sx={{ mb: 2 }}>
                {s.title}
              </Typography>
              <Typography component="div" sx={{ color: 'text.primary', fontSize: '1.0625rem' }}>
                {s.body}
              </Typography>
            </Box>
          ))}
          {footer && <Box sx={{ mt: { xs: 5, md: 7 } }}>{footer}</Box>}
        </Box>
      </Container>
    </Box>
  );
}

/** A call-to-action panel at the end of a page. */
export function CallToAction({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 3, md: 4 }, borderRadius: 4, bgcolor: '#E8F0FB' }}>
      <Typography component="h2" variant="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography component="div" color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2.5 }}>{children}</Box>
    </Box>
  );
}
