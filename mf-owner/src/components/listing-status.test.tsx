import { render, screen } from '@testing-library/react';
import { makeListing, makeRevision } from 'shared-api/testing';
import { ListingStatus } from './listing-status';

test('a live listing with changes under review stays Active and says so', () => {
  render(<ListingStatus property={makeListing({ status: 'ACTIVE', revision: makeRevision() })} />);
  expect(screen.getByText('Active')).toBeInTheDocument();
  expect(screen.getByText('Changes under review')).toBeInTheDocument();
});

test('rejected changes show the reason; the listing stays Active', () => {
  render(
    <ListingStatus property={makeListing({ status: 'ACTIVE', revision: makeRevision({ status: 'REJECTED', reason: 'Blurry photo' }) })} />,
  );
  expect(screen.getByText('Active')).toBeInTheDocument();
  expect(screen.getByText('Changes rejected: Blurry photo')).toBeInTheDocument();
  expect(screen.queryByText('Changes under review')).not.toBeInTheDocument();
});

test('no revision: the status alone', () => {
  render(<ListingStatus property={makeListing({ status: 'ACTIVE' })} />);
  expect(screen.queryByText(/Changes/)).not.toBeInTheDocument();
});
