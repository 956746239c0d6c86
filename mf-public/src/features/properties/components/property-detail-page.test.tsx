import { act, screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  createOrder,
  getMe,
  getProperty,
  getPropertyPerformance,
  getSoldPropertyFigures,
  getWalletBalance,
  useSessionStore,
} from 'shared-api';
import { makeProperty, makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { PropertyDetailPage } from './property-detail-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getProperty: jest.fn(),
  getMe: jest.fn(),
  createOrder: jest.fn(),
  getWalletBalance: jest.fn(),
  getPropertyPerformance: jest.fn(),
  getSoldPropertyFigures: jest.fn(),
  // Issue 20: the market section asks for the book; a property that does not trade shows none.
  getMarketBook: jest.fn(() => Promise.resolve({ status: 'CLOSED' })),
  getMarketPriceHistory: jest.fn(() => Promise.resolve({ propertyId: 'p2', days: 30, points: [] })),
}));
const performanceMock = jest.mocked(getPropertyPerformance);
const getPropertyMock = jest.mocked(getProperty);
const getMeMock = jest.mocked(getMe);
const createOrderMock = jest.mocked(createOrder);
const walletMock = jest.mocked(getWalletBalance);

const offPlan = makeProperty({
  _id: 'p2',
  name: 'Desert Bloom Villas',
  type: 'OFF_PLAN',
  totalQuantity: 1500,
  availableQuantity: 1500,
  soldQuantity: 0,
  unitPrice: 100,
  roiInFiveYears: 55,
  progress: 40,
  progressUpdates: [
    { _id: 'u1', percent: 10, note: 'Site prepared', createdAt: '2025-01-01T00:00:00.000Z' },
    { _id: 'u2', percent: 40, note: 'Construction at 40%', createdAt: '2025-02-01T00:00:00.000Z' },
  ],
  images: [
    { _id: 'i1', url: '/download/i1.png' },
    { _id: 'i2', url: '/download/i2.png' },
    { _id: 'i3', url: '/download/i3.png' },
  ],
  documents: [{ _id: 'd1', url: '/download/d1.pdf', name: 'Title deed.pdf', mimeType: 'application/pdf', size: 250_000 }],
});

function show(url = '/properties/p2') {
  return renderPage(<PropertyDetailPage />, { url, path: '/properties/:id' });
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
  getPropertyMock.mockResolvedValue(offPlan);
  walletMock.mockResolvedValue({ userId: 'u1', balance: 1000, held: 0, currency: 'USD' });
  performanceMock.mockResolvedValue({ propertyId: 'p2', latestAppraisal: null, appraisals: [], distributions: [], incomeProducing: false });
});

test('the figures, construction progress and documents of an off-plan property', async () => {
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'Desert Bloom Villas' })).toBeInTheDocument();
  expect(getPropertyMock).toHaveBeenCalledWith('p2');
  const figures = screen.getByRole('region', { name: 'Key figures' });
  expect(within(figures).getByTestId('raised')).toHaveTextContent('$0 raised of $150,000');
  expect(within(figures).getByText('Annual return').nextSibling).toHaveTextContent('11%');
  expect(within(figures).getByText('Price per unit').nextSibling).toHaveTextContent('$100.00');
  expect(within(figures).getByText('Units available').nextSibling).toHaveTextContent('1,500');
  const construction = screen.getByRole('region', { name: 'Construction progress' });
  expect(within(construction).getByRole('progressbar', { name: 'Construction progress' })).toHaveAttribute('aria-valuenow', '40');
  expect(within(construction).getAllByRole('listitem')[0]).toHaveTextContent('Construction at 40%');
  const doc = screen.getByRole('link', { name: /Title deed\.pdf/ });
  expect(doc).toHaveAttribute('href', 'http://localhost/download/d1.pdf');
  expect(doc).toHaveTextContent('PDF · 244.1 KB');
});

test('the gallery opens from the photos and pages with wrap-around', async () => {
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'View all 3 photos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Desert Bloom Villas' });
  expect(within(dialog).getByText('Image 1 of 3')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
  expect(within(dialog).getByText('Image 3 of 3')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
  expect(within(dialog).getByText('Image 1 of 3')).toBeInTheDocument();
});

test('a visitor is asked to log in, and comes back here afterwards', async () => {
  show();
  expect(await screen.findByRole('link', { name: 'Log in to invest' })).toHaveAttribute('href', '/login?next=%2Fproperties%2Fp2');
});

test('sold out', async () => {
  getPropertyMock.mockResolvedValue({ ...offPlan, availableQuantity: 0, status: 'FUNDED' });
  useSessionStore.getState().setSession(makeUser(), 'tok');
  show();
  expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
  expect(screen.getByText(/Sold out: every unit/)).toBeInTheDocument();
  expect(createOrderMock).not.toHaveBeenCalled();
});

test('an investor who is not verified is sent to onboarding', async () => {
  const pending = makeUser({ status: 'PENDING', onboardingCompleted: false });
  useSessionStore.getState().setSession(pending, 'tok');
  getMeMock.mockResolvedValue(pending);
  show();
  expect(await screen.findByRole('link', { name: 'Complete onboarding' })).toHaveAttribute('href', '/onboarding');
  expect(screen.queryByRole('button', { name: 'Buy units' })).not.toBeInTheDocument();
  await waitFor(() => expect(getMeMock).toHaveBeenCalled());
});

test('owners and admins do not buy units', async () => {
  useSessionStore.getState().setSession(makeUser({ role: 'PROPERTY_OWNER' }), 'tok');
  show();
  expect(await screen.findByText(/Units are bought from an investor account/)).toBeInTheDocument();
});

test('quantity sets the total price; a review step, then the order goes through the API with an idempotency key; success links to orders', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  createOrderMock.mockResolvedValue({} as never);
  const { user } = show();
  const qty = await screen.findByRole('textbox', { name: 'Number of units' });
  expect(screen.getByTestId('order-total')).toHaveTextContent('$100.00');
  await user.click(screen.getByRole('button', { name: 'One unit more' }));
  expect(qty).toHaveValue('2');
  await user.clear(qty);
  await user.type(qty, '7');
  expect(screen.getByTestId('order-total')).toHaveTextContent('$700.00');
  expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Buy units' }));
  // The review step (issue 16): units, unit price, total, balance after, what happens next.
  let dialog = await screen.findByRole('dialog', { name: 'Review your order' });
  const fact = (label: string) => within(dialog).getByText(label).nextSibling;
  expect(fact('Units')).toHaveTextContent('7');
  expect(fact('Unit price')).toHaveTextContent('$100.00');
  expect(fact('Total')).toHaveTextContent('$700.00');
  expect(fact('Wallet balance now')).toHaveTextContent('$1,000.00');
  expect(fact('Wallet balance after')).toHaveTextContent('$300.00');
  expect(dialog).toHaveAccessibleDescription(/pending until an admin approves it.*cancel it from Your orders/);
  expect(createOrderMock).not.toHaveBeenCalled();
  // Back (and Escape) return to the form without ordering.
  await user.click(within(dialog).getByRole('button', { name: 'Back' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Buy units' }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(createOrderMock).not.toHaveBeenCalled();
  // Keyboard: the dialog takes focus, Tab reaches Confirm, Enter places the order.
  await user.click(screen.getByRole('button', { name: 'Buy units' }));
  dialog = await screen.findByRole('dialog', { name: 'Review your order' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  within(dialog).getByRole('button', { name: 'Confirm order' }).focus();
  await user.keyboard('{Enter}');
  expect(createOrderMock).toHaveBeenCalledTimes(1);
  expect(createOrderMock).toHaveBeenCalledWith({ propertyId: 'p2', quantity: 7 }, { idempotencyKey: expect.any(String) });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/dashboard/orders');
  // Toasts render once notistack has loaded (on the first toast): wait for it.
  expect(await screen.findByText('Order placed: 7 units of Desert Bloom Villas')).toBeInTheDocument();
  await waitFor(() => expect(getPropertyMock).toHaveBeenCalledTimes(2));
});

test('quantity rules', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  const { user } = show();
  const qty = await screen.findByRole('textbox', { name: 'Number of units' });
  await user.clear(qty);
  await user.type(qty, '0');
  expect(screen.getByText('Buy at least 1 unit')).toBeInTheDocument();
  await user.clear(qty);
  await user.type(qty, '2000');
  expect(screen.getByText('Only 1,500 units are available')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Buy units' })).toBeDisabled();
});

test('a balance too low: a warning, the way to the wallet, no order', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  walletMock.mockResolvedValue({ userId: 'u1', balance: 150, held: 0, currency: 'USD' });
  const { user } = show();
  const qty = await screen.findByRole('textbox', { name: 'Number of units' });
  await act(async () => undefined);
  await user.clear(qty);
  await user.type(qty, '2');
  expect(await screen.findByText('Your wallet balance is too low for this order.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/dashboard/wallet');
  expect(screen.getByRole('button', { name: 'Buy units' })).toBeDisabled();
});

test('refusals from the server: balance and units left', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  walletMock.mockRejectedValue(new TypeError('Failed to fetch'));
  createOrderMock.mockRejectedValueOnce(new ApiError(409, { message: 'Insufficient balance' }));
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Buy units' }));
  // The balance is unknown: the review says so, and the server decides.
  const dialog = await screen.findByRole('dialog', { name: 'Review your order' });
  expect(within(dialog).getByText('Wallet balance after').nextSibling).toHaveTextContent('unavailable');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
  expect(await screen.findByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/dashboard/wallet');
  createOrderMock.mockRejectedValueOnce(new ApiError(409, { message: 'Only 0 units are available' }));
  await user.click(screen.getByRole('button', { name: 'Buy units' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
  expect(await screen.findAllByText('Only 0 units are available')).not.toHaveLength(0);
  await waitFor(() => expect(getPropertyMock).toHaveBeenCalledTimes(2));
});

test('a property that does not exist', async () => {
  getPropertyMock.mockRejectedValue(new ApiError(404, { message: 'Property not found' }));
  show('/properties/nope');
  expect(await screen.findByText('Property not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All properties' })).toHaveAttribute('href', '/properties');
});

test('a suspended listing is shown, marked suspended with the reason, and cannot be bought', async () => {
  const investor = makeUser({ role: 'INVESTOR', status: 'VERIFIED' });
  useSessionStore.getState().setSession(investor, 'token');
  getMeMock.mockResolvedValue(investor);
  getPropertyMock.mockResolvedValue({
    ...offPlan,
    suspendedAt: '2026-02-01T00:00:00.000Z',
    suspendedReason: 'The owner’s identity verification was rejected: this listing is suspended until an admin resumes it',
  });
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'Desert Bloom Villas' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Suspended' })).toBeInTheDocument();
  expect(screen.getByText(/this listing is suspended until an admin resumes it/)).toBeInTheDocument();
  const panel = await screen.findByRole('region', { name: 'Invest in this property' });
  expect(within(panel).getByRole('button', { name: 'Not open for investment' })).toBeDisabled();
  expect(within(panel).queryByRole('spinbutton')).not.toBeInTheDocument();
  expect(createOrderMock).not.toHaveBeenCalled();
});

test('income and valuation (issue 18): the latest appraisal and the distribution history, loaded after the first paint', async () => {
  const appraisal = {
    _id: 'a1',
    propertyId: 'p2',
    valuePerUnit: 104.25,
    appraisedOn: '2026-06-30',
    note: '',
    document: null,
    createdAt: '2026-07-01T00:00:00.000Z',
    voidedAt: null,
    voidReason: null,
  };
  const zero = { management: 0, maintenanceRepairs: 0, propertyTax: 0, insurance: 0, hoa: 0, utilities: 0, reserve: 0, other: 0 };
  const dist = {
    _id: 'd1',
    reportId: 'r1',
    propertyId: 'p2',
    propertyName: 'Desert Bloom Villas',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    grossRent: 5000,
    totalExpenses: 1270.5,
    expenses: zero,
    feePercent: 8,
    managementFee: 400,
    netIncome: 3329.5,
    carriedLossIn: 0,
    distributable: 3329.5,
    carriedLossOut: 0,
    perUnit: 3329.5 / 1500,
    totalUnits: 1500,
    recordDate: '2026-06-05',
    payDate: '2026-06-12',
    status: 'PAID' as const,
    cancelReason: null,
    cancelledAt: null,
    correctionReason: null,
    correctedAt: null,
    correctsId: null,
    correctedById: null,
    refusedReason: null,
    refusedAt: null,
    recordedAt: null,
    paidAt: '2026-06-12T00:00:00.000Z',
    createdAt: '2026-06-04T00:00:00.000Z',
  };
  performanceMock.mockResolvedValue({
    propertyId: 'p2',
    latestAppraisal: appraisal,
    appraisals: [appraisal],
    distributions: [dist],
    incomeProducing: true,
  });
  show();
  const section = await screen.findByRole('region', { name: 'Income and valuation' });
  expect(await within(section).findByText(/Latest appraisal:/)).toHaveTextContent('Latest appraisal: $104.25 a unit on Jun 30, 2026.');
  expect(performanceMock).toHaveBeenCalledWith('p2');
  const row = within(within(section).getByRole('table', { name: 'Distribution history' })).getAllByRole('row')[1];
  expect(row).toHaveTextContent('May 1, 2026 – May 31, 2026');
  expect(row).toHaveTextContent('$3,329.50');
  expect(row).toHaveTextContent('$2.2197');
  expect(row).toHaveTextContent('Paid Jun 12, 2026');
});

const soldFigures = {
  propertyId: 'p2',
  name: 'Desert Bloom Villas',
  soldOn: '2026-05-04',
  salePrice: 180_000,
  costs: 9_450,
  fee: 1_800,
  netProceeds: 168_750,
  totalUnits: 1500,
  unitPrice: 100,
  proceedsPerUnit: 112.5,
  incomePaidPerUnit: 7.25,
  incomePaid: 10_875,
  totalReturnPct: 19.75,
};

test('a sold property shows the final figures its listing carries, asking nothing more', async () => {
  getPropertyMock.mockResolvedValue({ ...offPlan, status: 'SOLD', availableQuantity: 0, soldQuantity: 1500, sale: soldFigures });
  show();
  const sold = await screen.findByRole('region', { name: 'Sold on May 4, 2026' });
  expect(within(sold).getByText('Costs of the sale').nextSibling).toHaveTextContent('$9,450.00');
  expect(within(sold).getByText('Sale fee').nextSibling).toHaveTextContent('$1,800.00');
  expect(within(sold).getByText('Net proceeds').nextSibling).toHaveTextContent('$168,750.00');
  expect(within(sold).getByText('19.75%')).toBeInTheDocument();
  expect(jest.mocked(getSoldPropertyFigures)).not.toHaveBeenCalled();
});

test('a sold property shows its final figures in place of the order form', async () => {
  // A listing answer without `sale` (an older server): the figures are asked for.
  getPropertyMock.mockResolvedValue({ ...offPlan, status: 'SOLD', availableQuantity: 0, soldQuantity: 1500 });
  jest.mocked(getSoldPropertyFigures).mockResolvedValue(soldFigures);
  show();
  const sold = await screen.findByRole('region', { name: 'Sold on May 4, 2026' });
  expect(within(sold).getByText('$180,000.00')).toBeInTheDocument();
  expect(within(sold).getByText('$112.50')).toBeInTheDocument();
  expect(within(sold).getByText('$7.25')).toBeInTheDocument();
  expect(within(sold).getByText('19.75%')).toBeInTheDocument();
  expect(screen.getByText('Sold')).toBeInTheDocument();
  expect(screen.queryByText('Fully funded')).not.toBeInTheDocument();
  expect(jest.mocked(getSoldPropertyFigures)).toHaveBeenCalledWith('p2');
});
