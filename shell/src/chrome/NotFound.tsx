import { Link } from 'shared-ui/router';
import { BaseButton, palette, space, styled, typography } from 'shared-ui/base';
import { paths } from 'shared-api/contract/basics';

const Page = styled.div({ padding: `${space(12)} ${space(2)}`, textAlign: 'center' });
const Title = styled.h1({ ...typography.h4, margin: '0 0 0.35em' });
const Text = styled.p({ margin: `0 0 ${space(3)}`, color: palette.text.secondary });

export function NotFound() {
  return (
    <Page>
      <Title>Page not found</Title>
      <Text>The page you are looking for does not exist or has moved.</Text>
      <BaseButton variant="filled-blue" size="MD" component={Link} to={paths.home}>
        Back to the homepage
      </BaseButton>
    </Page>
  );
}
