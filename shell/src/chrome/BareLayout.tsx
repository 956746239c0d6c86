import type { ReactNode } from 'react';
import { container, palette, space, styled, up } from 'shared-ui/base';
import { Logo } from './Logo';

const Root = styled.div({ minHeight: '100vh', backgroundColor: palette.background.default });
const Header = styled.header({
  padding: `${space(2)} ${space(2)}`,
  [up('md')]: { paddingLeft: space(4), paddingRight: space(4) },
  borderBottom: `1px solid ${palette.divider}`,
  backgroundColor: palette.background.paper,
});
// MUI's Container (maxWidth md) as the box it renders.
const Main = styled.main({
  ...container('md'),
  paddingTop: space(4),
  paddingBottom: space(4),
});

/** Onboarding: the logo and the task, nothing to wander off to. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <Root>
      <Header data-app-header="">
        <Logo />
      </Header>
      <Main id="main">{children}</Main>
    </Root>
  );
}
