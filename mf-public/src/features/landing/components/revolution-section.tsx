import { Link } from 'shared-ui/router';
import { Box, Typography } from 'shared-ui/mui-core';
import { useAuthUser } from 'shared-api/session';
import { BRAND, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { Section } from './section';

const STEPS = [
  { n: '1', title: 'Create your account', text: 'Sign up, verify your e-mail and complete a short identity check.' },
  { n: '2', title: 'Choose a property', text: 'Compare locations, annual returns and how much has been raised.' },
  { n: '3', title: 'Buy units', text: 'Fund your wallet and buy units; your holding appears in your dashboard.' },
];

export function RevolutionSection() {
  const user = useAuthUser();
  return (
    <Section
      id="revolution"
      tone="dark"
      eyebrow="Be part of it"
      title="Join The Revolution"
      intro={`Real estate has always been one of the surest ways to build wealth, and one of the hardest to get into. ${BRAND} opens it to everyone: no mortgage, no landlord duties, just your share of the property and its returns.`}
    >
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {STEPS.map((s) => (
          <Box
            component="li"
            key={s.n}
            sx={{ p: 3, borderRadius: 3, border: '1px solid rgba(255,255,255,0.16)', bgcolor: 'rgba(255,255,255,0.04)' }}
          >
            <Box
              aria-hidden
              sx={{
                width: 36,
                height: 36,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: '#FFFFFF',
                color: '#0A2540',
                fontWeight: 800,
                mb: 1.5,
              }}
            >
              {s.n}
            </Box>
            <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
              {s.title}
            </Typography>
            <Typography sx={{ mt: 0.75, color: 'rgba(255,255,255,0.85)' }}>{s.text}</Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 5 }}>
        {!user && (
          <Button variant="filled-white" size="LG" component={Link} to={paths.signup}>
            Create your account
          </Button>
        )}
        <Button variant="outline-white" size="LG" component={Link} to={paths.properties}>
          Explore properties
        </Button>
      </Box>
    </Section>
  );
}
