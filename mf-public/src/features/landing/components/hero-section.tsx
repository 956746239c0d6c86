import { Link } from 'shared-ui/router';
import { container, space, styled, typography, up, BaseButton } from 'shared-ui/base';
import { useAuthUser } from 'shared-api/session';
import { BRAND, paths } from 'shared-api/contract/basics';
import { getStartedPath, showGetStarted, signedInAction } from '../lib/get-started';
import { HeroIllustration } from './hero-illustration';

const HIGHLIGHTS = ['Start from a single unit', 'Rental-ready and off-plan homes', 'Every holding on record'];

// The first screen of `/`, styled with shared-ui/base: no MUI on a first visit
// (docs/frontend.md). MUI's Container (lg) and Typography as the boxes they render.
const Section = styled.section({
  backgroundColor: '#0A2540',
  color: '#FFFFFF',
  scrollMarginTop: 72,
  overflow: 'hidden',
  background: 'radial-gradient(1200px 500px at 80% -10%, #1B4F9C 0%, #0A2540 55%)',
});
const Container = styled.div({
  ...container('lg'),
  paddingTop: space(7),
  paddingBottom: space(7),
  display: 'grid',
  gap: space(5),
  gridTemplateColumns: '1fr',
  alignItems: 'center',
  [up('md')]: { paddingTop: space(11), paddingBottom: space(11), gap: space(6), gridTemplateColumns: '1.1fr 0.9fr' },
});
const Kicker = styled.p({
  ...typography.body1,
  margin: `0 0 ${space(2)}`,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  fontSize: '0.8125rem',
  color: '#9CC3FF',
});
const Title = styled.h1({
  // The h1 variant's weight, line height and spacing; its responsive sizes are replaced below.
  fontWeight: typography.h1.fontWeight,
  lineHeight: typography.h1.lineHeight,
  letterSpacing: typography.h1.letterSpacing,
  margin: 0,
  fontSize: '2.25rem',
  [up('sm')]: { fontSize: '3rem' },
  [up('md')]: { fontSize: '3.5rem' },
  maxWidth: 620,
});
const Lead = styled.p({
  ...typography.body1,
  margin: `${space(2.5)} 0 0`,
  fontSize: '1.0625rem',
  [up('md')]: { fontSize: '1.1875rem' },
  color: 'rgba(255,255,255,0.86)',
  maxWidth: 560,
});
const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: space(1.5), marginTop: space(4) });
const Highlights = styled.ul({
  listStyle: 'none',
  padding: 0,
  margin: `${space(4)} 0 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: space(1.5),
  [up('sm')]: { gap: space(3) },
  color: 'rgba(255,255,255,0.86)',
  fontSize: '0.9375rem',
});
const Highlight = styled.li({
  display: 'flex',
  alignItems: 'center',
  gap: space(1),
  '&::before': { content: '""', width: 8, height: 8, borderRadius: '2px', backgroundColor: '#9CC3FF' },
});
const Picture = styled.div({
  aspectRatio: '6 / 5',
  width: '100%',
  maxWidth: 520,
  marginLeft: 'auto',
  marginRight: 'auto',
  display: 'none',
  [up('sm')]: { display: 'block' },
});

export function HeroSection() {
  const user = useAuthUser();
  const getStarted = getStartedPath(user);
  const action = user ? signedInAction(user) : null;
  return (
    <Section id="home" aria-labelledby="home-title">
      <Container>
        <div>
          <Kicker>Fractional real estate on {BRAND}</Kicker>
          <Title id="home-title">Real Estate Investment For Everyone</Title>
          <Lead>
            Buy units of carefully selected rental-ready and off-plan properties across the United States, earn your share of the returns,
            and follow every investment from one dashboard. Smart contracts keep each holding transparent and yours.
          </Lead>
          <Actions>
            {showGetStarted(user) && getStarted && (
              <BaseButton variant="filled-white" size="LG" component={Link} to={getStarted}>
                Get started
              </BaseButton>
            )}
            {action && (
              <BaseButton variant="filled-white" size="LG" component={Link} to={action.to}>
                {action.label}
              </BaseButton>
            )}
            <BaseButton variant="outline-white" size="LG" component={Link} to={paths.properties}>
              Browse properties
            </BaseButton>
          </Actions>
          <Highlights>
            {HIGHLIGHTS.map((h) => (
              <Highlight key={h}>{h}</Highlight>
            ))}
          </Highlights>
        </div>
        <Picture>
          <HeroIllustration />
        </Picture>
      </Container>
    </Section>
  );
}
