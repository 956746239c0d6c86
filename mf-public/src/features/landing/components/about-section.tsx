import type { ReactNode } from 'react';
import { Link } from 'shared-ui/router';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { BRAND, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { BlocksIcon, GlobeIcon, ShieldIcon } from '../icons';
import { Section } from './section';

const POINTS: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Safe & secure',
    icon: <ShieldIcon />,
    text: 'Every investor and owner passes an identity check before money moves. Each deposit, order and payout is an entry in a ledger that always balances, and no wallet can ever go below zero.',
  },
  {
    title: 'Blockchain',
    icon: <BlocksIcon />,
    text: 'Each property is divided into units, and ownership of those units is recorded with smart contracts: a transparent, tamper-evident record of exactly what you hold.',
  },
  {
    title: 'Web3-Supported Platforms',
    icon: <GlobeIcon />,
    text: `${BRAND} is built for the web3 era: early-access subscribers can claim their fee as platform tokens, and your holdings are ready to move with you as on-chain trading opens up.`,
  },
];

export function AboutSection() {
  return (
    <Section
      id="about"
      eyebrow={`About ${BRAND}`}
      title="Property investment, rebuilt for the internet"
      intro="Owning real estate used to take a large deposit, a mortgage and a lot of paperwork. We split quality properties into affordable units so that anyone can own a share and earn from it."
    >
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {POINTS.map((p) => (
          <Paper component="li" variant="outlined" key={p.title} sx={{ p: 3.5 }}>
            <Box
              aria-hidden
              sx={{
                width: 48,
                height: 48,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                bgcolor: '#E8F0FB',
                color: 'primary.main',
                mb: 2,
              }}
            >
              {p.icon}
            </Box>
            <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
              {p.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {p.text}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ mt: 4 }}>
        <Button variant="outline-blue" size="MD" component={Link} to={paths.about}>
          Learn more
        </Button>
      </Box>
    </Section>
  );
}
