import { Link } from 'shared-ui/router';
import { palette, styled } from 'shared-ui/base';
import { BRAND, paths } from 'shared-api/contract/basics';

const LogoLink = styled(Link, { shouldForwardProp: (p) => p !== 'light' })<{ light: boolean }>(({ light }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  textDecoration: 'none',
  color: light ? '#fff' : palette.primary.main,
  fontWeight: 800,
  fontSize: 22,
  letterSpacing: '-0.02em',
}));

/** Clicking the logo goes to / (spec 2). */
export function Logo({ light = false }: { light?: boolean }) {
  return (
    <LogoLink to={paths.home} aria-label={`${BRAND} home`} light={light}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <rect x="1" y="1" width="12" height="12" rx="2" fill="currentColor" />
        <rect x="15" y="1" width="12" height="12" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="1" y="15" width="12" height="12" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="15" y="15" width="12" height="12" rx="2" fill="currentColor" opacity="0.3" />
      </svg>
      {BRAND}
    </LogoLink>
  );
}
