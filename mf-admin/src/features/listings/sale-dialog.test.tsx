import { screen, within } from '@testing-library/react';
import { recordPropertySale } from 'shared-api/admin';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { makeProperty, makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { ListingDialog } from './listing-dialog';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  recordPropertySale: jest.fn(),
}));

jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const owner = makeUser({ _id: 'o1', firstName: 'Olivia', lastName: 'Owner', role: 'PROPERTY_OWNER', status: 'VERIFIED' });
const people = new Map([[owner._id, owner]]);
const funded = makeProperty({ _id: 'p1', name: 'Harbor Lofts', status: 'FUNDED', ownerId: 'o1', totalQuantity: 7 });

async function openSale(listing = funded, canSell = true) {
  const onReviewed = jest.fn();
  const view = renderPage(
    <ListingDialog listing={listing} people={people} onClose={jest.fn()} onReviewed={onReviewed} canDecide={false} canSell={canSell} />,
  );
  const dialog = await screen.findByRole('dialog', { name: listing.name });
  return { ...view, dialog, onReviewed };
}

test('"Record sale…" asks the amounts, confirms naming the fee and what the units share, then records it', async () => {
  jest.mocked(recordPropertySale).mockResolvedValue({
    _id: 's1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    price: 100.01,
    costs: 10,
    feeBps: 100,
    fee: 1,
    net: 89.01,
    ownerKept: 0,
    paidToHolders: 89.01,
    holders: 2,
    totalUnits: 7,
    soldOn: '2026-05-04',
    documents: [],
    note: '',
    recordedBy: 'a1',
    recordedAt: '2026-05-04T10:00:00.000Z',
  });
  const { user, dialog, onReviewed } = await openSale();
  await user.click(within(dialog).getByRole('button', { name: 'Record sale…' }));
  const sale = await screen.findByRole('dialog', { name: 'Record sale: Harbor Lofts' });
  expect(within(sale).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await user.type(within(sale).getByLabelText('Sale price ($)'), '100.01');
  await user.clear(within(sale).getByLabelText('Sale costs ($)'));
  await user.type(within(sale).getByLabelText('Sale costs ($)'), '10');
  await user.clear(within(sale).getByLabelText('Completion date'));
  await user.type(within(sale).getByLabelText('Completion date'), '2026-05-04');
  await user.click(within(sale).getByRole('button', { name: 'Continue' }));
  expect(sale).toHaveTextContent('Record the sale of “Harbor Lofts” on 2026-05-04?');
  expect(sale).toHaveTextContent('Sale price: $100.01');
  expect(sale).toHaveTextContent('Costs: $10.00');
  expect(sale).toHaveTextContent('Sale fee: $1.00');
  expect(sale).toHaveTextContent('Paid over the 7 units: $89.01');
  await user.click(within(sale).getByRole('button', { name: 'Record sale and pay holders' }));
  expect(jest.mocked(recordPropertySale)).toHaveBeenCalledWith('p1', { price: 100.01, costs: 10, soldOn: '2026-05-04', note: undefined });
  expect(await within(sale).findByRole('status')).toHaveTextContent('Harbor Lofts is sold: $89.01 paid to 2 holders');
  await user.click(within(sale).getByRole('button', { name: 'Done' }));
  expect(onReviewed).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1', status: 'SOLD' }));
});

test('costs over the price are refused before asking; held for a second admin says so', async () => {
  jest.mocked(recordPropertySale).mockResolvedValue({ sentForApproval: { _id: 'r1' } } as never);
  const { user, dialog } = await openSale();
  await user.click(within(dialog).getByRole('button', { name: 'Record sale…' }));
  const sale = await screen.findByRole('dialog', { name: 'Record sale: Harbor Lofts' });
  await user.type(within(sale).getByLabelText('Sale price ($)'), '10');
  await user.clear(within(sale).getByLabelText('Sale costs ($)'));
  await user.type(within(sale).getByLabelText('Sale costs ($)'), '10');
  expect(sale).toHaveTextContent('The costs and the sale fee cannot be more than the sale price');
  expect(within(sale).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await user.clear(within(sale).getByLabelText('Sale costs ($)'));
  await user.type(within(sale).getByLabelText('Sale costs ($)'), '1');
  await user.click(within(sale).getByRole('button', { name: 'Continue' }));
  await user.click(within(sale).getByRole('button', { name: 'Record sale and pay holders' }));
  expect(await within(sale).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL);
});

test('only a funded listing, and only for a role that may move money', async () => {
  const active = makeProperty({ _id: 'p2', name: 'Open Lofts', status: 'ACTIVE', ownerId: 'o1' });
  const first = await openSale(active);
  expect(within(first.dialog).queryByRole('button', { name: 'Record sale…' })).not.toBeInTheDocument();
  first.unmount();
  const second = await openSale(funded, false);
  expect(within(second.dialog).queryByRole('button', { name: 'Record sale…' })).not.toBeInTheDocument();
});
