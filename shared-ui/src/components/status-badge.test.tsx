import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { StatusBadge, statusTone } from './status-badge';

describe('StatusBadge', () => {
  test.each([
    ['verified', 'success'],
    ['VERIFIED', 'success'],
    ['pending', 'warning'],
    ['PENDING_REVIEW', 'warning'],
    ['rejected', 'error'],
    ['CANCELLED', 'error'],
    ['COMPLETED', 'success'],
    ['something else', 'neutral'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  test('shows the text as given, coloured by status', () => {
    renderUi(
      <>
        <StatusBadge status="verified" />
        <StatusBadge status="pending" />
        <StatusBadge status="rejected" />
      </>,
    );
    expect(screen.getByText('verified')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByText('verified')).toHaveStyle({ color: '#1E7B45' });
    expect(screen.getByText('pending')).toHaveStyle({ color: '#B54708' });
    expect(screen.getByText('rejected')).toHaveStyle({ color: '#C62828' });
  });

  test('label and tone overrides', () => {
    renderUi(<StatusBadge status="PENDING_REVIEW" label="In review" tone="info" />);
    expect(screen.getByText('In review')).toHaveAttribute('data-tone', 'info');
  });
});
