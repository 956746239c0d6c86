import { Link } from 'shared-ui/router';
import { container, radius, space, styled, typography, up, BaseButton } from 'shared-ui/base';
import { BRAND, FOOTER_EMAIL_MAX, paths } from 'shared-api/contract/basics';
import { Logo } from './Logo';

const OFFICES = [
  { country: 'USA', address: '350 Fifth Avenue, Suite 4810, New York, NY 10118' },
  { country: 'Canada', address: '100 King Street West, Suite 5600, Toronto, ON M5X 1C9' },
  { country: 'UAE', address: 'Gate Village 3, DIFC, Dubai' },
];

// Styled with shared-ui/base (no MUI on a first visit): MUI's Container (lg), Typography
// (body1 and body2) and a CSS grid as the boxes they render.
const Root = styled.footer({
  backgroundColor: '#0b1b3f',
  color: 'rgba(255,255,255,0.85)',
  paddingTop: space(6),
  paddingBottom: space(3),
  marginTop: 'auto',
});
const Container = styled.div({
  ...container('lg'),
});
// 4 | 2 | 2 | 4 of 12 columns on desktop.
const Grid = styled.div({
  display: 'grid',
  gap: space(4),
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [up('md')]: { gridTemplateColumns: 'minmax(0, 4fr) minmax(0, 2fr) minmax(0, 2fr) minmax(0, 4fr)' },
});
const Wide = styled.div({ gridColumn: '1 / -1', [up('md')]: { gridColumn: 'auto' } });
const Text = styled.p({ margin: 0 });
const Pitch = styled(Text)({ marginTop: space(2), maxWidth: 340 });
const Heading = styled.h2({ ...typography.body1, margin: `0 0 ${space(1.5)}`, fontWeight: 700, color: '#fff' });
const Newsletter = styled.form({ display: 'flex', gap: space(1), marginTop: space(2), flexWrap: 'wrap' });
const Email = styled.input({
  flex: '1 1 180px',
  minWidth: 0,
  height: 40,
  paddingLeft: space(1.5),
  paddingRight: space(1.5),
  border: 0,
  borderRadius: radius,
  font: 'inherit',
  color: '#0b1b3f',
  backgroundColor: '#fff',
  '&:focus-visible': { outline: '2px solid #8fb3ff', outlineOffset: 2 },
});
const LegalLinks = styled.div({ display: 'flex', flexDirection: 'column', gap: space(1) });
const FooterLink = styled(Link)({
  color: 'rgba(255,255,255,0.85)',
  textDecoration: 'none',
  '&:hover': { color: '#fff', textDecoration: 'underline' },
});
const Copyright = styled.p({
  ...typography.body2,
  margin: 0,
  borderTop: '1px solid rgba(255,255,255,0.15)',
  marginTop: space(4),
  paddingTop: space(3),
  textAlign: 'center',
});

export function Footer() {
  return (
    <Root>
      <Container>
        <Grid>
          <Wide>
            <Logo light />
            <Pitch>Become a member and start building your real estate investment portfolio today.</Pitch>
            {/* Spec 2: the footer subscribe field is not wired to any submission; the value is never stored. */}
            <Newsletter
              aria-label="Newsletter"
              onSubmit={(e) => {
                e.preventDefault();
                e.currentTarget.reset();
              }}
            >
              <Email
                type="email"
                name="footer-email"
                placeholder="Your email"
                required
                autoComplete="off"
                maxLength={FOOTER_EMAIL_MAX}
                aria-label="Your email"
              />
              <BaseButton type="submit" variant="filled-white" size="SM">
                Subscribe now
              </BaseButton>
            </Newsletter>
          </Wide>
          <div>
            <Heading>Quick links</Heading>
            {['About', 'Our servcice', 'Subscription plan', 'Contact'].map((t) => (
              <Text key={t} style={{ marginBottom: 8 }}>
                {t}
              </Text>
            ))}
          </div>
          <div>
            <Heading>Legal</Heading>
            <LegalLinks>
              <FooterLink to={paths.privacy}>Privacy policy</FooterLink>
              <FooterLink to={paths.privacy}>Cookie policy</FooterLink>
              <FooterLink to={paths.terms}>Terms &amp; services</FooterLink>
            </LegalLinks>
          </div>
          <Wide>
            <Heading>Our offices</Heading>
            {OFFICES.map((o) => (
              <div key={o.country} style={{ marginBottom: 12 }}>
                <Text style={{ fontWeight: 600, color: '#fff' }}>{o.country}</Text>
                <Text style={{ ...typography.body2 }}>{o.address}</Text>
              </div>
            ))}
          </Wide>
        </Grid>
        <Copyright>
          © {new Date().getFullYear()} {BRAND}. All rights reserved.
        </Copyright>
      </Container>
    </Root>
  );
}
