import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { useSessionStore } from 'shared-api';
import { formatMoney, formatPercent } from 'shared-ui/core';
import { never, renderPage } from 'shared-ui/testing';
import { distributionFigures, holdingValue } from 'shared-api/contract/dashboard';
import { makeHolding, makeHoldingReturns, makeMetrics, makeReturns, makeUser, serverDown } from 'shared-api/testing';
import { OverviewPage } from '../overview/components/overview-page';
import { InvestmentsPage } from '../investments/components/investments-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyMetrics: jest.fn(),
  getMe: jest.fn(),
  getMyHoldings: jest.fn(),
  getMyReturns: jest.fn(),
  setReinvest: jest.fn(),
}));
// The dashboard's platform-token section (tested in features/token-claim): loading here.
jest.mock('shared-api/token-claims', () => ({ getMyTokenClaim: jest.fn(() => new Promise(() => undefined)) }));

const m = {
  metrics: jest.mocked(api.getMyMetrics),
  me: jest.mocked(api.getMe),
  holdings: jest.mocked(api.getMyHoldings),
  returns: jest.mocked(api.getMyReturns),
  reinvest: jest.mocked(api.setReinvest),
};

jest.setTimeout(30_000);

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

beforeEach(() => {
  jest.clearAllMocks();
  const user = makeUser();
  useSessionStore.getState().setSession(user, 'token');
  m.me.mockResolvedValue(user);
  m.metrics.mockResolvedValue(makeMetrics({ holdingsCount: 1, totalInvested: 2000, portfolioValue: 2000 }));
  m.holdings.mockResolvedValue([makeHolding()]);
});

const card = (title: string) => screen.getByRole('group', { name: title });

test('dashboard: income and value figures equal the contract computations, and both charts', async () => {
  const r = makeReturns();
  m.returns.mockResolvedValue(r);
  renderPage(<OverviewPage />, { url: '/dashboard' });
  await screen.findByRole('heading', { level: 2, name: 'Income and value' });
  await screen.findByRole('group', { name: 'Total income received' });

  // The contract's rules on the fixture's cents: rent $12,345.67, expenses $3,100, fee 8%.
  const f = distributionFigures(1_234_567, 310_000, 800, 0);
  expect(f).toEqual({ feeCents: 98_765, netIncomeCents: 825_802, distributableCents: 825_802, carriedLossOutCents: 0 });
  // 40 of 2,000 units by the largest remainder: $165.16.
  expect(within(card('Total income received')).getByText('$165.16')).toBeInTheDocument();
  expect(within(card('Income this year')).getByText('$165.16')).toBeInTheDocument();
  const v = holdingValue({ quantity: 40, costCents: 200_000, valuePerUnitCents: 5237, incomeCents: 16_516 });
  expect(r.total.currentValue).toBe(v.currentValueCents / 100);
  expect(within(card('Realized gain or loss')).getByText('$0.00')).toBeInTheDocument();
  expect(within(card('Unrealized gain or loss')).getByText('+$94.80')).toBeInTheDocument();
  expect(within(card('Total return')).getByText(`+${formatMoney(v.totalReturnCents / 100)}`)).toBeInTheDocument();
  expect(within(card('Total return')).getByText('+$259.96')).toBeInTheDocument();
  expect(card('Total return')).toHaveTextContent(
    `${formatPercent(r.total.totalReturnPercent)} of what you paid: income + realized + unrealized`,
  );
  expect(within(card('Realized annual yield')).getByText(`${formatPercent(r.total.realizedAnnualYield)} a year`)).toBeInTheDocument();
  expect(card('Realized annual yield')).toHaveTextContent('Projected: 8% a year');

  const income = screen.getByRole('figure', { name: 'Income over time' });
  expect(within(income).getByRole('table')).toHaveTextContent('$165.16');
  const value = screen.getByRole('figure', { name: 'Value over time' });
  expect(within(value).getByRole('table')).toHaveTextContent('$2,094.80');
});

test('dashboard: before any income the yield says so; a failure of the returns call is shown with a retry', async () => {
  m.returns.mockResolvedValueOnce(
    makeReturns([makeHoldingReturns({ incomeReceived: 0, incomeThisYear: 0, realizedAnnualYield: null, distributions: [] })]),
  );
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(await screen.findByText('No income yet')).toBeInTheDocument();

  m.returns.mockRejectedValue(serverDown());
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
});

test('dashboard: loading state for the returns while the other figures show', async () => {
  m.returns.mockReturnValue(never());
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(await screen.findByText('Loading your income and value...')).toBeInTheDocument();
});

test("investments: each holding's figures and its distributions (the property's P&L, per unit and the investor's share)", async () => {
  m.returns.mockResolvedValue(makeReturns());
  const { user } = renderPage(<InvestmentsPage />);
  const returns = await screen.findByRole('region', { name: 'Returns of Harbor Lofts' });
  expect(within(returns).getByText('Income received').nextSibling).toHaveTextContent('$165.16');
  expect(within(returns).getByText('Value').nextSibling).toHaveTextContent('$2,094.80');
  expect(within(returns).getByText('Unrealized gain or loss').nextSibling).toHaveTextContent('+$94.80');
  expect(within(returns).getByText('Projected return').nextSibling).toHaveTextContent('8% a year');
  expect(returns).toHaveTextContent('Appraised at $52.37 a unit on Jun 30, 2026.');

  await user.click(within(returns).getByRole('button', { name: 'Show distributions (1)' }));
  const table = await within(returns).findByRole('table', { name: 'Distributions of Harbor Lofts' });
  const row = within(table).getAllByRole('row')[1];
  expect(row).toHaveTextContent('$12,345.67'); // rent
  expect(row).toHaveTextContent('$3,100.00'); // expenses
  expect(row).toHaveTextContent('$987.65 (8%)'); // fee: 8% of the rent, half up
  expect(row).toHaveTextContent('$8,258.02'); // net = rent - expenses - fee
  expect(row).toHaveTextContent('$4.129'); // per unit: $8,258.02 / 2,000
  expect(row).toHaveTextContent('$165.16'); // 40 units' share
  expect(row).toHaveTextContent('Paid');
  expect(within(returns).getByRole('button', { name: 'Hide distributions' })).toHaveAttribute('aria-expanded', 'true');
});

test('investments: the reinvest switch saves at once, says its state, and shows a failure', async () => {
  m.returns.mockResolvedValue(makeReturns());
  m.reinvest.mockResolvedValueOnce({ propertyId: 'p1', enabled: true });
  const { user } = renderPage(<InvestmentsPage />);
  const sw = await screen.findByRole('switch', { name: 'Reinvest income' });
  expect(sw).not.toBeChecked();
  expect(screen.getByText(/^Off: distributions are paid into your wallet/)).toBeInTheDocument();
  await user.click(sw);
  expect(m.reinvest).toHaveBeenCalledWith('p1', true);
  await waitFor(() => expect(sw).toBeChecked());
  expect(screen.getByText(/^On: each distribution from Harbor Lofts buys whole units/)).toHaveTextContent(
    'the remainder stays in your wallet',
  );

  m.reinvest.mockRejectedValueOnce(serverDown());
  await user.click(sw);
  expect((await screen.findByText(/^Could not change reinvesting/)).closest('[role="alert"]')).not.toBeNull();
  expect(sw).toBeChecked();
});
