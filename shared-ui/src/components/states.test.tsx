import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { Button } from './button';
import { PageHeader } from './page-header';
import { StatCard } from './stat-card';
import { EmptyState, ErrorState, LoadingState } from './states';

describe('states', () => {
  test('EmptyState: title, description and action', () => {
    renderUi(
      <EmptyState title="No orders yet" description="Browse properties to invest." action={<Button href="/properties">Browse</Button>} />,
    );
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Browse properties to invest.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse' })).toBeInTheDocument();
  });

  test('ErrorState: an alert with Retry', async () => {
    const onRetry = jest.fn();
    const { user } = renderUi(<ErrorState message="Not Found" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not Found');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('ErrorState while retrying shows Loading...', () => {
    renderUi(<ErrorState message="x" onRetry={jest.fn()} retrying />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  test('LoadingState: a polite live status with a label, spinner or skeleton', () => {
    const { rerender } = renderUi(<LoadingState label="Loading properties" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading properties');
    rerender(<LoadingState variant="skeleton" rows={4} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('status').querySelectorAll('.MuiSkeleton-root')).toHaveLength(4);
  });
});

describe('PageHeader and StatCard', () => {
  test('PageHeader renders the h1, subtitle and actions', () => {
    renderUi(<PageHeader title="Wallet" subtitle="Deposit and withdraw" actions={<Button>Deposit</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByText('Deposit and withdraw')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
  });

  test('StatCard is a group named by its title', () => {
    renderUi(<StatCard title="Wallet balance" value="$1,234.50" hint="Available" icon={<svg />} />);
    const group = screen.getByRole('group', { name: 'Wallet balance' });
    expect(group).toHaveTextContent('$1,234.50');
    expect(group).toHaveTextContent('Available');
  });
});
