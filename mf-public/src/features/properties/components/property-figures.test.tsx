// Issue 16: units in pending orders are reserved, not sold; raised and funded count sold units only.
import { screen, within } from '@testing-library/react';
import { renderPage } from 'shared-ui/testing';
import { makeProperty } from 'shared-api/testing';
import { PropertyFigures } from './property-figures';

test('sold, reserved and available are shown apart; raised counts sold units only', () => {
  // 2,000 units at $50: 500 sold (completed), 300 reserved (pending), 1,200 available.
  renderPage(
    <PropertyFigures property={makeProperty({ totalQuantity: 2000, soldQuantity: 500, reservedQuantity: 300, availableQuantity: 1200 })} />,
  );
  const figures = screen.getByRole('region', { name: 'Key figures' });
  expect(within(figures).getByText('Units sold').nextSibling).toHaveTextContent('500');
  expect(within(figures).getByText('Units reserved').nextSibling).toHaveTextContent('300');
  expect(within(figures).getByText('Units available').nextSibling).toHaveTextContent('1,200');
  expect(within(figures).getByTestId('raised')).toHaveTextContent('$25,000 raised of $100,000');
  expect(within(figures).getByText('25% funded')).toBeInTheDocument();
  expect(within(figures).getByRole('progressbar', { name: 'Amount raised' })).toHaveAttribute('aria-valuenow', '25');
  expect(within(figures).getByText(/Reserved units are in orders awaiting an admin's approval/)).toBeInTheDocument();
});

test('nothing reserved: no note about reserved units', () => {
  renderPage(
    <PropertyFigures property={makeProperty({ totalQuantity: 2000, soldQuantity: 500, reservedQuantity: 0, availableQuantity: 1500 })} />,
  );
  expect(screen.getByText('Units reserved').nextSibling).toHaveTextContent('0');
  expect(screen.queryByText(/Reserved units are in orders/)).not.toBeInTheDocument();
});
