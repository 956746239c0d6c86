import { screen, waitFor, within } from '@testing-library/react';
import { getUsers, handOverProperty } from 'shared-api/admin';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { makeProperty, makeUser, pageOf } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { ListingDialog } from './listing-dialog';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  handOverProperty: jest.fn(),
}));

jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const owner = makeUser({
  _id: 'o1',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'olivia@example.com',
  role: 'PROPERTY_OWNER',
  status: 'VERIFIED',
});
const next = makeUser({
  _id: 'o2',
  firstName: 'Nora',
  lastName: 'New',
  email: 'nora@example.com',
  role: 'PROPERTY_OWNER',
  status: 'VERIFIED',
});
const people = new Map([
  [owner._id, owner],
  [next._id, next],
]);
const funded = makeProperty({ _id: 'p1', name: 'Harbor Lofts', status: 'FUNDED', ownerId: 'o1' });

async function openHandover(canDecide = true) {
  jest.mocked(getUsers).mockResolvedValue(pageOf([owner, next]));
  const onReviewed = jest.fn();
  const view = renderPage(
    <ListingDialog listing={funded} people={people} onClose={jest.fn()} onReviewed={onReviewed} canDecide={canDecide} />,
  );
  const listing = await screen.findByRole('dialog', { name: 'Harbor Lofts' });
  await view.user.click(within(listing).getByRole('button', { name: 'Hand over…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Hand over: Harbor Lofts' });
  return { ...view, dialog, onReviewed };
}

async function pickAndConfirm(user: Awaited<ReturnType<typeof openHandover>>['user'], dialog: HTMLElement) {
  const select = await within(dialog).findByLabelText('New owner');
  // The current owner is not offered.
  expect(within(select).queryByRole('option', { name: /Olivia Owner/ })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await user.selectOptions(select, 'o2');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(dialog).toHaveTextContent('Hand “Harbor Lofts” over?');
  expect(dialog).toHaveTextContent('From: Olivia Owner (olivia@example.com)');
  expect(dialog).toHaveTextContent('To: Nora New (nora@example.com)');
  await user.click(within(dialog).getByRole('button', { name: 'Hand over listing' }));
}

test('picks a verified owner, confirms naming both owners, hands over and says so', async () => {
  const moved = { ...funded, ownerId: 'o2' };
  jest.mocked(handOverProperty).mockResolvedValue(moved);
  const { user, dialog, onReviewed } = await openHandover();
  expect(getUsers).toHaveBeenCalledWith(expect.objectContaining({ role: 'PROPERTY_OWNER', status: 'VERIFIED' }));
  await pickAndConfirm(user, dialog);
  expect(handOverProperty).toHaveBeenCalledWith('p1', 'o2');
  const done = await within(dialog).findByRole('status');
  expect(done).toHaveTextContent('Listing handed over to Nora New');
  expect(done).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(onReviewed).toHaveBeenCalledWith(moved);
});

test('the search asks the server for matching verified owners; the owner picked stays offered', async () => {
  const { user, dialog } = await openHandover();
  const select = await within(dialog).findByLabelText('New owner');
  await user.selectOptions(select, 'o2');
  jest.mocked(getUsers).mockResolvedValue(pageOf([]));
  await user.type(within(dialog).getByLabelText('Search verified owners'), 'zed');
  await waitFor(() =>
    expect(getUsers).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'PROPERTY_OWNER', status: 'VERIFIED', q: 'zed' })),
  );
  // Nobody else matches, and Nora, picked before, is still the choice.
  expect(await within(dialog).findByRole('option', { name: /Nora New/ })).toBeInTheDocument();
  expect(within(dialog).getByLabelText('New owner')).toHaveValue('o2');
  expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('a search that matches nobody says so', async () => {
  const { user, dialog } = await openHandover();
  await within(dialog).findByLabelText('New owner');
  jest.mocked(getUsers).mockResolvedValue(pageOf([]));
  await user.type(within(dialog).getByLabelText('Search verified owners'), 'zed');
  expect(await within(dialog).findByText('No other verified owner matches “zed”.')).toBeInTheDocument();
});

test('a refusal stays in the dialog with the message, nothing reported', async () => {
  jest.mocked(handOverProperty).mockRejectedValue(new Error('The new owner must be verified before a listing can be handed over to them'));
  const { user, dialog, onReviewed } = await openHandover();
  await pickAndConfirm(user, dialog);
  expect(await within(dialog).findByText('The new owner must be verified before a listing can be handed over to them')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Hand over listing' })).toBeEnabled();
  expect(onReviewed).not.toHaveBeenCalled();
});

test('a handover held for a second admin says it was sent for approval', async () => {
  jest.mocked(handOverProperty).mockResolvedValue({ sentForApproval: { _id: 'ap1', status: 'PENDING' } } as never);
  const { user, dialog, onReviewed } = await openHandover();
  await pickAndConfirm(user, dialog);
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL);
  expect(dialog).not.toHaveTextContent('Listing handed over');
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(onReviewed).toHaveBeenCalledWith(funded);
});

test('an admin whose role may not review listings is not offered the handover', async () => {
  renderPage(<ListingDialog listing={funded} people={people} onClose={jest.fn()} onReviewed={jest.fn()} canDecide={false} />);
  const dialog = await screen.findByRole('dialog', { name: 'Harbor Lofts' });
  expect(within(dialog).queryByRole('button', { name: 'Hand over…' })).not.toBeInTheDocument();
});
