import { screen, waitFor } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { ConfirmDialog } from './confirm-dialog';

const focusInside = () => waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));

describe('ConfirmDialog', () => {
  const base = { open: true, title: 'Delete user?', message: 'This cannot be undone.', confirmLabel: 'Delete' };

  test('asks, confirms and cancels', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { user } = renderUi(<ConfirmDialog {...base} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('destructive by default: the red button', () => {
    renderUi(<ConfirmDialog {...base} onConfirm={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('data-variant', 'filled-red');
  });

  test('loading: the confirm button shows Loading..., nothing can close', async () => {
    const onCancel = jest.fn();
    const { user } = renderUi(<ConfirmDialog {...base} loading onConfirm={jest.fn()} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await focusInside();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('Escape cancels', async () => {
    const onCancel = jest.fn();
    const { user } = renderUi(<ConfirmDialog {...base} destructive={false} onConfirm={jest.fn()} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('data-variant', 'filled-blue');
    await focusInside();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
