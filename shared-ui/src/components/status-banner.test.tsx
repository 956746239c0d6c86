import { render, screen } from '@testing-library/react';
import { StatusBanner } from './status-banner';

test('a rejected owner sees the status, the reason, what is suspended and the next step, with the action', () => {
  render(
    <StatusBanner role="PROPERTY_OWNER" status="REJECTED" reason="Passport expired" action={<a href="/onboarding">Review onboarding</a>} />,
  );
  const region = screen.getByRole('region', { name: 'Account status' });
  expect(region).toHaveTextContent('Your account verification was rejected');
  expect(region).toHaveTextContent('Reason: Passport expired');
  expect(region).toHaveTextContent('Your live listings are suspended');
  expect(region).toHaveTextContent('Next step:');
  expect(screen.getByRole('link', { name: 'Review onboarding' })).toHaveAttribute('href', '/onboarding');
});

test('a pending investor sees what waits for verification; no reason is shown', () => {
  render(<StatusBanner role="INVESTOR" status="PENDING" reason="stale" />);
  const region = screen.getByRole('region', { name: 'Account status' });
  expect(region).toHaveTextContent('Your account is pending verification');
  expect(region).toHaveTextContent('you can invest and withdraw only once your identity is verified');
  expect(region).not.toHaveTextContent('stale');
});

test('nothing for a verified person or an admin', () => {
  const { container } = render(
    <>
      <StatusBanner role="INVESTOR" status="VERIFIED" />
      <StatusBanner role="ADMIN" status="PENDING" />
    </>,
  );
  expect(container).toBeEmptyDOMElement();
});
