import { screen, within } from '@testing-library/react';
import { adminUpdateOffPlan, adminUpdateRentalReady } from 'shared-api/admin';
import { PROGRESS_REVIEW_MESSAGES } from 'shared-api/contract/dashboard';
import { makeProperty } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { EditListingDialog, buildUpdate } from './edit-listing-dialog';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  adminUpdateOffPlan: jest.fn(),
  adminUpdateRentalReady: jest.fn(),
}));

// Typing is slow on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const base = makeProperty();
const values = {
  name: base.name,
  address: base.address,
  state: base.state,
  description: base.description,
  totalQuantity: String(base.totalQuantity),
  unitPrice: '50',
  roiInFiveYears: '40',
  progress: '',
};

test('buildUpdate sends only what changed and checks every field', () => {
  expect(buildUpdate(base, values)).toEqual({ body: {}, problems: {} });
  expect(buildUpdate(base, { ...values, name: ' New name ', unitPrice: '52.5', state: 'NY' }).body).toEqual({
    name: 'New name',
    unitPrice: 52.5,
    state: 'NY',
  });
  const bad = buildUpdate(base, { ...values, name: ' ', totalQuantity: '50', unitPrice: '1.234', roiInFiveYears: '-1' });
  expect(bad.problems).toEqual({
    name: 'Enter a name',
    totalQuantity: 'Cannot be below the 500 units already sold or reserved',
    unitPrice: 'Amount can have at most two decimals',
    roiInFiveYears: 'Enter a percent from 0 to 1,000',
  });
  const offPlan = makeProperty({ type: 'OFF_PLAN', progress: 10 });
  expect(buildUpdate(offPlan, { ...values, progress: '101' }).problems.progress).toBe('Enter a whole percent from 0 to 100');
  expect(buildUpdate(offPlan, { ...values, progress: '35' }).body).toEqual({ progress: 35 });
});

test('an off-plan listing is saved through the off-plan call, with the changed fields only', async () => {
  const listing = makeProperty({ type: 'OFF_PLAN', progress: 10, availableQuantity: 2000 });
  const saved = { ...listing, unitPrice: 55, progress: 30, revision: null, progressReview: null };
  jest.mocked(adminUpdateOffPlan).mockResolvedValue(saved);
  const onSaved = jest.fn();
  const { user } = renderPage(<EditListingDialog listing={listing} onClose={jest.fn()} onSaved={onSaved} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Harbor Lofts' });
  const price = within(dialog).getByRole('textbox', { name: 'Unit price' });
  await user.clear(price);
  await user.type(price, '55');
  const progress = within(dialog).getByRole('textbox', { name: 'Construction progress' });
  await user.clear(progress);
  await user.type(progress, '30');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(adminUpdateOffPlan).toHaveBeenCalledWith('p1', { unitPrice: 55, progress: 30 });
  expect(onSaved).toHaveBeenCalledWith(saved);
  expect(await screen.findByText('Harbor Lofts updated')).toBeInTheDocument();
});

test('a lower progress on a live listing is said to wait for another admin, not to be saved', async () => {
  const listing = makeProperty({ type: 'OFF_PLAN', status: 'ACTIVE', progress: 80, availableQuantity: 2000 });
  const held = {
    ...listing,
    revision: null,
    progressReview: {
      _id: 'u1',
      propertyId: 'p1',
      percent: 20,
      note: '',
      status: 'PENDING_REVIEW' as const,
      previousPercent: 80,
      reviewReason: null,
      createdAt: listing.createdAt,
      decidedAt: null,
    },
  };
  jest.mocked(adminUpdateOffPlan).mockResolvedValue(held);
  const onSaved = jest.fn();
  const { user } = renderPage(<EditListingDialog listing={listing} onClose={jest.fn()} onSaved={onSaved} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Harbor Lofts' });
  const progress = within(dialog).getByRole('textbox', { name: 'Construction progress' });
  await user.clear(progress);
  await user.type(progress, '20');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(adminUpdateOffPlan).toHaveBeenCalledWith('p1', { progress: 20 });
  expect(await screen.findByText(PROGRESS_REVIEW_MESSAGES.adminHeld(80))).toBeInTheDocument();
  expect(screen.queryByText('Harbor Lofts updated')).not.toBeInTheDocument();
  expect(onSaved).toHaveBeenCalledWith(held);
});

test('once units are sold the price is fixed; a server refusal is shown in the dialog', async () => {
  jest.mocked(adminUpdateRentalReady).mockRejectedValue(new Error('totalQuantity cannot be below the 100 units already sold'));
  const { user } = renderPage(<EditListingDialog listing={base} onClose={jest.fn()} onSaved={jest.fn()} />);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('textbox', { name: 'Unit price' })).toBeDisabled();
  expect(dialog).toHaveTextContent('Fixed once units are sold');
  const name = within(dialog).getByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
  expect(adminUpdateRentalReady).not.toHaveBeenCalled();
  await user.type(name, 'Harbor Lofts II');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(adminUpdateRentalReady).toHaveBeenCalledWith('p1', { name: 'Harbor Lofts II' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('totalQuantity cannot be below the 100 units already sold');
});
