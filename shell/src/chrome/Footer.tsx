import { Link } from 'shared-ui/router';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import { BRAND, FOOTER_EMAIL_MAX, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { Logo } from './Logo';

const OFFICES = [
  { country: 'USA', address: '350 Fifth Avenue, Suite 4810, New York, NY 10118' },
  { country: 'Canada', address: '100 King Street West, Suite 5600, Toronto, ON M5X 1C9' },
  { country: 'UAE', address: 'Gate Village 3, DIFC, Dubai' },
];

const footerLink = {
  color: 'rgba(255,255,255,0.85)',
  textDecoration: 'none',
  '&:hover': { color: '#fff', textDecoration: 'underline' },
} as const;

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0b1b3f', color: 'rgba(255,255,255,0.85)', pt: 6, pb: 3, mt: 'auto' }}>
      <Container maxWidth="lg">
        {/* A CSS grid (4 | 2 | 2 | 4 of 12 columns on desktop): MUI's Grid is not on the first visit. */}
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 4fr) minmax(0, 2fr) minmax(0, 2fr) minmax(0, 4fr)' },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Logo light />
            <Typography sx={{ mt: 2, maxWidth: 340 }}>
              Become a member and start building your real estate investment portfolio today.
            </Typography>
            {/* Spec 2: the footer subscribe field is not wired to any submission; the value is never stored. */}
            <Box
              component="form"
              aria-label="Newsletter"
              onSubmit={(e) => {
                e.preventDefault();
                e.currentTarget.reset();
              }}
              sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}
            >
              <Box
                component="input"
                type="email"
                name="footer-email"
                placeholder="Your email"
                required
                autoComplete="off"
                maxLength={FOOTER_EMAIL_MAX}
                aria-label="Your email"
                sx={{
                  flex: '1 1 180px',
                  minWidth: 0,
                  height: 40,
                  px: 1.5,
                  border: 0,
                  borderRadius: 1,
                  font: 'inherit',
                  color: '#0b1b3f',
                  bgcolor: '#fff',
                  '&:focus-visible': { outline: '2px solid #8fb3ff', outlineOffset: 2 },
                }}
              />
              <Button type="submit" variant="filled-white" size="SM">
                Subscribe now
              </Button>
            </Box>
          </Box>
          <Box>
            <Typography component="h2" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
              Quick links
            </Typography>
            {['About', 'Our servcice', 'Subscription plan', 'Contact'].map((t) => (
              <Typography key={t} sx={{ mb: 1 }}>
                {t}
              </Typography>
            ))}
          </Box>
          <Box>
            <Typography component="h2" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
              Legal
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Box component={Link} to={paths.privacy} sx={footerLink}>
                Privacy policy
              </Box>
              <Box component={Link} to={paths.privacy} sx={footerLink}>
                Cookie policy
              </Box>
              <Box component={Link} to={paths.terms} sx={footerLink}>
                Terms &amp; services
              </Box>
            </Box>
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Typography component="h2" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
              Our offices
            </Typography>
            {OFFICES.map((o) => (
              <Box key={o.country} sx={{ mb: 1.5 }}>
                <Typography sx={{ fontWeight: 600, color: '#fff' }}>{o.country}</Typography>
                <Typography variant="body2">{o.address}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="body2" sx={{ borderTop: '1px solid rgba(255,255,255,0.15)', mt: 4, pt: 3, textAlign: 'center' }}>
          © {new Date().getFullYear()} {BRAND}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
