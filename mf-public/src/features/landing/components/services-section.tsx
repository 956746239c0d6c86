import type { ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { BRAND } from 'shared-api/contract/basics';
import { BlocksIcon, ContractIcon, InsightsIcon, WalletIcon } from '../icons';
import { Section } from './section';

const SERVICES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Fractional ownership',
    icon: <BlocksIcon />,
    text: 'Buy as many units of a property as suits your budget. The price of a unit, the total value and the amount already raised are shown on every listing.',
  },
  {
    title: 'Smart contracts',
    icon: <ContractIcon />,
    text: 'The terms of each investment are recorded with smart contracts, so the rules of a property cannot change behind your back.',
  },
  {
    title: 'Expert investment advice',
    icon: <InsightsIcon />,
    text: `Our team reviews every property before it is listed, and our investment specialists help you understand returns, risks and how a property fits your goals.`,
  },
  {
    title: 'One wallet, one dashboard',
    icon: <WalletIcon />,
    text: `Deposit, invest and withdraw from a single ${BRAND} wallet, and follow your holdings, orders and returns in your dashboard.`,
  },
];

export function ServicesSection() {
  return (
    <Section
      id="services"
      tone="tinted"
      eyebrow="Our services"
      title="Everything you need to invest with confidence"
      intro="From choosing a property to tracking its returns, every step happens in one place."
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        }}
      >
        {SERVICES.map((s) => (
          <Box component="li" key={s.title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 44,
                height: 44,
                borderRadius: 2.5,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: '#FFFFFF',
              }}
            >
              {s.icon}
            </Box>
            <div>
              <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
                {s.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.75 }}>
                {s.text}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
