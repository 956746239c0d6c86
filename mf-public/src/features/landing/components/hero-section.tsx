import { Link } from 'shared-ui/router';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import { useAuthUser } from 'shared-api/session';
import { BRAND, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { getStartedPath, showGetStarted, signedInAction } from '../lib/get-started';
import { HeroIllustration } from './hero-illustration';

const HIGHLIGHTS = ['Start from a single unit', 'Rental-ready and off-plan homes', 'Every holding on record'];

export function HeroSection() {
  const user = useAuthUser();
  const getStarted = getStartedPath(user);
  const action = user ? signedInAction(user) : null;
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="home-title"
      sx={{
        bgcolor: '#0A2540',
        color: '#FFFFFF',
        scrollMarginTop: 72,
        overflow: 'hidden',
        background: 'radial-gradient(1200px 500px at 80% -10%, #1B4F9C 0%, #0A2540 55%)',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 7, md: 11 },
          display: 'grid',
          gap: { xs: 5, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
          alignItems: 'center',
        }}
      >
        <div>
          <Typography
            component="p"
            sx={{ fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', fontSize: '0.8125rem', color: '#9CC3FF', mb: 2 }}
          >
            Fractional real estate on {BRAND}
          </Typography>
          <Typography
            id="home-title"
            component="h1"
            variant="h1"
            sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, maxWidth: 620 }}
          >
            Real Estate Investment For Everyone
          </Typography>
          <Typography sx={{ mt: 2.5, fontSize: { xs: '1.0625rem', md: '1.1875rem' }, color: 'rgba(255,255,255,0.86)', maxWidth: 560 }}>
            Buy units of carefully selected rental-ready and off-plan properties across the United States, earn your share of the returns,
            and follow every investment from one dashboard. Smart contracts keep each holding transparent and yours.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 4 }}>
            {showGetStarted(user) && getStarted && (
              <Button variant="filled-white" size="LG" component={Link} to={getStarted}>
                Get started
              </Button>
            )}
            {action && (
              <Button variant="filled-white" size="LG" component={Link} to={action.to}>
                {action.label}
              </Button>
            )}
            <Button variant="outline-white" size="LG" component={Link} to={paths.properties}>
              Browse properties
            </Button>
          </Box>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 4,
              display: 'flex',
              flexWrap: 'wrap',
              gap: { xs: 1.5, sm: 3 },
              color: 'rgba(255,255,255,0.86)',
              fontSize: '0.9375rem',
            }}
          >
            {HIGHLIGHTS.map((h) => (
              <Box
                component="li"
                key={h}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  '&::before': { content: '""', width: 8, height: 8, borderRadius: '2px', bgcolor: '#9CC3FF' },
                }}
              >
                {h}
              </Box>
            ))}
          </Box>
        </div>
        <Box sx={{ aspectRatio: '6 / 5', width: '100%', maxWidth: 520, mx: 'auto', display: { xs: 'none', sm: 'block' } }}>
          <HeroIllustration />
        </Box>
      </Container>
    </Box>
  );
}
