import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shared-api';
import { reviewRevision } from 'shared-api/admin';
import { renderPage } from 'shared-ui/testing';
import { makeProperty, makeRevision } from 'shared-api/testing';
import { RevisionDialog } from './revision-dialog';

jest.mock('shared-api/admin', () => ({ ...jest.requireActual('shared-api/admin'), reviewRevision: jest.fn() }));

jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

function open(onDecided = jest.fn(), onClose = jest.fn()) {
  const ui = renderPage(<RevisionDialog revision={makeRevision()} onClose={onClose} onDecided={onDecided} />);
  return { ...ui, onDecided, onClose };
}

test('shows what changes, field by field (live → proposed) and file by file, the cover included', async () => {
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Changes to Harbor Lofts' });
  const table = within(dialog).getByRole('table', { name: 'Changed details' });
  const rows = within(table).getAllByRole('row');
  expect(rows.map((r) => r.textContent)).toEqual([
    'FieldLive nowProposed',
    'NameHarbor LoftsHarbor Lofts II',
    'DescriptionLofts by the water.Now with a roof garden.',
  ]);
  expect(within(table).getByRole('columnheader', { name: 'Live now' })).toBeInTheDocument();
  expect(within(dialog).getByText('The cover image changes.')).toBeInTheDocument();
  const files = within(dialog).getByRole('list', { name: 'Changed files' });
  expect(
    within(files)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Image added at position 1 (new cover): roof-garden.png',
    'Image removed (was at position 2): old-lobby.png',
    'Document moved from position 2 to 1: valuation.pdf',
  ]);
});

test('approve applies the changes', async () => {
  jest.mocked(reviewRevision).mockResolvedValue({ ...makeProperty(), revision: null });
  const { user, onDecided } = open();
  const dialog = await screen.findByRole('dialog', { name: 'Changes to Harbor Lofts' });
  await user.click(within(dialog).getByRole('button', { name: 'Approve changes' }));
  await waitFor(() => expect(onDecided).toHaveBeenCalled());
  expect(reviewRevision).toHaveBeenCalledWith('p1', { decision: 'APPROVE' });
});

test('a refused approval is shown and nothing is decided', async () => {
  jest
    .mocked(reviewRevision)
    .mockRejectedValue(
      new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'The unit price cannot change once units are sold' }),
    );
  const { user, onDecided } = open();
  const dialog = await screen.findByRole('dialog', { name: 'Changes to Harbor Lofts' });
  await user.click(within(dialog).getByRole('button', { name: 'Approve changes' }));
  expect(await within(dialog).findByText('The unit price cannot change once units are sold')).toBeInTheDocument();
  expect(onDecided).not.toHaveBeenCalled();
});

test('reject needs a reason, then sends it', async () => {
  jest.mocked(reviewRevision).mockResolvedValue({ ...makeProperty(), revision: null });
  const { user, onDecided } = open();
  const dialog = await screen.findByRole('dialog', { name: 'Changes to Harbor Lofts' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
  const reject = await screen.findByRole('dialog', { name: 'Reject the changes to Harbor Lofts?' });
  await user.click(within(reject).getByRole('button', { name: 'Reject changes' }));
  expect(await within(reject).findByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(reviewRevision).not.toHaveBeenCalled();
  await user.type(within(reject).getByRole('textbox', { name: /Reason for the rejection/ }), 'The new photo is not this building');
  await user.click(within(reject).getByRole('button', { name: 'Reject changes' }));
  await waitFor(() => expect(onDecided).toHaveBeenCalled());
  expect(reviewRevision).toHaveBeenCalledWith('p1', { decision: 'REJECT', reason: 'The new photo is not this building' });
});
