import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { Button } from './button';
import { Modal } from './modal';

const focusInside = () => waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));

function Harness({ disableClose = false }: { disableClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Subscription Failed"
        disableClose={disableClose}
        actions={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      >
        <p>An error occured while processing your payment. Please try again.</p>
        <input aria-label="inside" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  test('opens as a dialog labelled by its title, with focus inside', async () => {
    const { user } = renderUi(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Failed' });
    expect(dialog).toHaveTextContent('An error occured while processing your payment. Please try again.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  test('the close button closes', async () => {
    const { user } = renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('Escape closes', async () => {
    const { user } = renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await focusInside();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('actions render and can close', async () => {
    const { user } = renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('Tab keeps focus inside (focus trap)', async () => {
    const { user } = renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await focusInside();
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  test('disableClose: no close button and Escape does nothing', async () => {
    const { user } = renderUi(<Harness disableClose />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await focusInside();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
