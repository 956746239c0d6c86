import { screen, within } from '@testing-library/react';
import { reviewProperty } from 'shared-api/admin';
import { makeProperty, makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { ListingDialog } from './listing-dialog';

jest.mock('shared-api/admin', () => ({ ...jest.requireActual('shared-api/admin'), reviewProperty: jest.fn() }));

// Typing is slow on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const owner = makeUser({ _id: 'o1', firstName: 'Olivia', lastName: 'Owner', role: 'PROPERTY_OWNER', status: 'VERIFIED' });
const people = new Map([[owner._id, owner]]);
const waiting = makeProperty({
  _id: 'p2',
  name: 'Music Row Flats',
  status: 'PENDING_REVIEW',
  type: 'OFF_PLAN',
  progress: 20,
  images: [
    {
      _id: 'i1',
      url: '/download/i1.webp?exp=1&sig=a',
      srcset: '/download/i1-480.webp?exp=1&sig=b 480w, /download/i1.webp?exp=1&sig=a 1200w',
      width: 1200,
      height: 800,
    },
    { _id: 'i2', url: '/download/i2.webp?exp=1&sig=c' },
  ],
});

function setup(listing = waiting) {
  const onReviewed = jest.fn();
  const onClose = jest.fn();
  const view = renderPage(<ListingDialog listing={listing} people={people} onClose={onClose} onReviewed={onReviewed} />);
  return { ...view, onReviewed, onClose };
}

test('shows the figures, the images (with srcset) and the documents before any decision', async () => {
  setup();
  const dialog = await screen.findByRole('dialog', { name: 'Review: Music Row Flats' });
  expect(dialog).toHaveTextContent('Pending review');
  expect(dialog).toHaveTextContent('$100,000.00'); // total value
  expect(dialog).toHaveTextContent('40% over five years (8% a year)');
  expect(dialog).toHaveTextContent('Construction progress20%');
  expect(within(dialog).getByRole('link', { name: 'Olivia Owner' })).toHaveAttribute('href', '/dashboard/owners/o1');

  const images = within(dialog).getAllByRole('img', { name: /^Music Row Flats — image/ });
  expect(images).toHaveLength(2);
  expect(images[0]).toHaveAttribute('src', 'http://localhost/download/i1.webp?exp=1&sig=a');
  expect(images[0].getAttribute('srcset')).toBe(
    'http://localhost/download/i1-480.webp?exp=1&sig=b 480w, http://localhost/download/i1.webp?exp=1&sig=a 1200w',
  );
  expect(images[1]).not.toHaveAttribute('srcset');

  const doc = within(dialog).getByRole('link', { name: /^Open title-deed\.pdf/ });
  expect(doc).toHaveAttribute('href', 'http://localhost/download/d1.pdf');
  expect(doc).toHaveAttribute('target', '_blank');
});

test('approve sends APPROVE and reports the listing as it is now', async () => {
  const approved = { ...waiting, status: 'ACTIVE' as const };
  jest.mocked(reviewProperty).mockResolvedValue(approved);
  const { user, onReviewed } = setup();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Approve listing' }));
  expect(reviewProperty).toHaveBeenCalledWith('p2', { decision: 'APPROVE' });
  expect(onReviewed).toHaveBeenCalledWith(approved);
  expect(await screen.findByText('Music Row Flats approved: it is now live')).toBeInTheDocument();
});

test('reject needs a reason, then sends it', async () => {
  jest.mocked(reviewProperty).mockResolvedValue({ ...waiting, status: 'REJECTED', rejectionReason: 'Missing permits' });
  const { user, onReviewed } = setup();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Reject…' }));
  await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
  expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(reviewProperty).not.toHaveBeenCalled();

  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Missing permits ');
  await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
  expect(reviewProperty).toHaveBeenCalledWith('p2', { decision: 'REJECT', reason: 'Missing permits' });
  expect(onReviewed).toHaveBeenCalled();
});

test('a failed decision stays in the dialog with the reason shown', async () => {
  jest.mocked(reviewProperty).mockRejectedValue(new Error('Only a property pending review can be approved or rejected'));
  const { user, onReviewed } = setup();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Approve listing' }));
  expect(await within(dialog).findByText('Only a property pending review can be approved or rejected')).toBeInTheDocument();
  expect(onReviewed).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: 'Approve listing' })).toBeEnabled();
});

test('a live listing shows its details with Edit, and no review buttons', async () => {
  const onEdit = jest.fn();
  const live = makeProperty({ status: 'REJECTED', rejectionReason: 'Blurry photos' });
  const { user } = renderPage(<ListingDialog listing={live} people={people} onClose={jest.fn()} onReviewed={jest.fn()} onEdit={onEdit} />);
  const dialog = await screen.findByRole('dialog', { name: 'Harbor Lofts' });
  expect(dialog).toHaveTextContent('Rejected: Blurry photos');
  expect(within(dialog).queryByRole('button', { name: 'Approve listing' })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Edit listing' }));
  expect(onEdit).toHaveBeenCalledWith(live);
});

test("a pending owner's listing: the owner's status is shown and Approve is disabled, with the reason", async () => {
  const pendingOwner = makeUser({ _id: 'o2', firstName: 'Pat', lastName: 'Pending', role: 'PROPERTY_OWNER', status: 'PENDING' });
  const onReviewed = jest.fn();
  renderPage(
    <ListingDialog
      listing={{ ...waiting, ownerId: 'o2' }}
      people={new Map([[pendingOwner._id, pendingOwner]])}
      onClose={jest.fn()}
      onReviewed={onReviewed}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Review: Music Row Flats' });
  expect(dialog).toHaveTextContent('Owner statusPending');
  const approve = within(dialog).getByRole('button', { name: 'Approve listing' });
  expect(approve).toBeDisabled();
  expect(approve).toHaveAccessibleDescription(
    /Approve is disabled\. The owner’s identity is not verified yet: only a verified owner’s listing can be approved/,
  );
  expect(dialog).toHaveTextContent("The owner's account is pending: verify the owner first.");
  expect(reviewProperty).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: 'Reject…' })).toBeEnabled();
});

test('a suspended listing says so, with the reason; Resume is offered once the owner is verified', async () => {
  const suspended = makeProperty({
    _id: 'p3',
    name: 'Quiet Court',
    status: 'ACTIVE',
    suspendedAt: '2026-02-01T10:00:00.000Z',
    suspendedReason: 'The owner’s identity verification was rejected',
  });
  const rejectedOwner = makeUser({ _id: 'o1', role: 'PROPERTY_OWNER', status: 'REJECTED' });
  const view = renderPage(
    <ListingDialog listing={suspended} people={new Map([[rejectedOwner._id, rejectedOwner]])} onClose={jest.fn()} onReviewed={jest.fn()} />,
  );
  let dialog = await screen.findByRole('dialog', { name: 'Quiet Court' });
  expect(dialog).toHaveTextContent('Suspended since');
  expect(dialog).toHaveTextContent('The owner’s identity verification was rejected');
  expect(within(dialog).getByRole('button', { name: 'Resume listing' })).toBeDisabled();
  view.unmount();

  renderPage(<ListingDialog listing={suspended} people={people} onClose={jest.fn()} onReviewed={jest.fn()} />);
  dialog = await screen.findByRole('dialog', { name: 'Quiet Court' });
  expect(within(dialog).getByRole('button', { name: 'Resume listing' })).toBeEnabled();
});
