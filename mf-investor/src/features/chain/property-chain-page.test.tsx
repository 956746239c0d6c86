import { screen, within } from '@testing-library/react';
import * as api from 'shared-api/chain';
import { useSessionStore } from 'shared-api';
import { makeUser, serverDown } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import type { PropertyChain } from 'shared-api/contract';
import { CHAIN_PAGE_MESSAGES, PropertyChainPage } from './property-chain-page';
import Investments from '../../exposes/Investments';

jest.mock('shared-api/chain', () => ({ getMyChain: jest.fn(), getPropertyChain: jest.fn() }));
const m = { property: jest.mocked(api.getPropertyChain) };

jest.setTimeout(30_000);

const ZERO = `0x${'0'.repeat(40)}`;
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x4444444444444444444444444444444444444444';
const ANCHOR = '0x3333333333333333333333333333333333333333';
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function record(over: Partial<PropertyChain> = {}): PropertyChain {
  return {
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    enabled: true,
    chainId: 31337,
    tokenAddress: TOKEN,
    anchorAddress: ANCHOR,
    reachable: true,
    error: null,
    transfers: [
      { from: A, to: B, units: 3, txHash: tx(3), blockNumber: 12 },
      { from: ZERO, to: A, units: 10, txHash: tx(2), blockNumber: 8 },
    ],
    anchors: [
      {
        kind: 'payments',
        ref: 'd1d1d1d1-0000-4000-8000-000000000000',
        key: tx(9),
        distributionId: 'd1d1d1d1-0000-4000-8000-000000000000',
        root: tx(10),
        leafCount: 3,
        txHash: tx(11),
        anchoredAt: '2026-07-01T10:00:00.000Z',
      },
      {
        kind: 'holdings',
        ref: '2026-06-30',
        key: tx(20260630),
        distributionId: 'd1d1d1d1-0000-4000-8000-000000000000',
        root: tx(12),
        leafCount: 3,
        txHash: tx(13),
        anchoredAt: '2026-07-01T10:00:00.000Z',
      },
    ],
    ...over,
  };
}

const show = () =>
  renderPage(<PropertyChainPage />, { url: '/dashboard/investments/p1/chain', path: '/dashboard/investments/:propertyId/chain' });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
});

test('loading', () => {
  m.property.mockReturnValue(never());
  show();
  expect(screen.getByRole('heading', { level: 1, name: 'On chain' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the chain record...');
  expect(m.property).toHaveBeenCalledWith('p1');
});

test('data: the token, its transfers newest first and the anchored roots with their transactions', async () => {
  m.property.mockResolvedValue(record());
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'On chain: Harbor Lofts' })).toBeInTheDocument();
  expect(screen.getByText(TOKEN)).toBeInTheDocument();
  expect(screen.getByText(ANCHOR)).toBeInTheDocument();
  const transfers = screen.getByRole('table', { name: 'Transfers' });
  const rows = within(transfers).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Moved', 'Issued']);
  expect(within(rows[0]).getByLabelText(tx(3))).toBeInTheDocument();
  const anchors = screen.getByRole('table', { name: 'Anchored roots' });
  expect(within(anchors).getByText('Holders of record on Jun 30, 2026')).toBeInTheDocument();
  expect(within(anchors).getByText('Payments of distribution d1d1d1d1')).toBeInTheDocument();
  expect(within(anchors).getByLabelText(tx(13))).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to investments' })).toHaveAttribute('href', '/dashboard/investments');
});

test('empty: no token, no transfers, no roots yet', async () => {
  m.property.mockResolvedValue(record({ tokenAddress: null, transfers: [], anchors: [] }));
  show();
  expect(await screen.findByText(new RegExp(CHAIN_PAGE_MESSAGES.noToken))).toBeInTheDocument();
  expect(screen.getByText(CHAIN_PAGE_MESSAGES.noTransfers)).toBeInTheDocument();
  expect(screen.getByText(CHAIN_PAGE_MESSAGES.noAnchors)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('the node is down: said so, the anchored roots still listed', async () => {
  m.property.mockResolvedValue(record({ reachable: false, error: 'fetch failed', transfers: [] }));
  show();
  expect(await screen.findByText('The chain did not answer: fetch failed. Transfers cannot be listed now.')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Transfers' })).not.toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Anchored roots' })).toBeInTheDocument();
});

test('the chain is off', async () => {
  m.property.mockResolvedValue(
    record({ enabled: false, chainId: null, tokenAddress: null, anchorAddress: null, transfers: [], anchors: [] }),
  );
  show();
  expect(await screen.findByText(CHAIN_PAGE_MESSAGES.off)).toBeInTheDocument();
});

test('error: Retry loads again', async () => {
  m.property.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(record());
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'On chain: Harbor Lofts' })).toBeInTheDocument();
});

test('the investments module shows it at /dashboard/investments/:propertyId/chain', async () => {
  m.property.mockResolvedValue(record());
  renderPage(<Investments />, { url: '/dashboard/investments/p1/chain', path: '/dashboard/investments/:propertyId/chain' });
  expect(await screen.findByRole('heading', { level: 1, name: 'On chain: Harbor Lofts' })).toBeInTheDocument();
});
