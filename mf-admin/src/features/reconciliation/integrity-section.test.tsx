import { screen, within } from '@testing-library/react';
import * as adminApi from 'shared-api/admin';
import type { IntegrityReport } from 'shared-api/contract';
import { INTEGRITY_MESSAGES } from 'shared-api/contract/admin';
import { renderPage } from 'shared-ui/testing';
import { IntegritySection } from './integrity-section';

jest.mock('shared-api/admin', () => ({ ...jest.requireActual('shared-api/admin'), getIntegrity: jest.fn() }));
const get = jest.mocked(adminApi.getIntegrity);

jest.setTimeout(20_000);

const PROPERTY = '0b5e9c1e-4a7f-4a53-9f1e-5c2d8a3b7e10';
const HOLDER = '7d1f0c52-7d0e-4b8e-9b55-1f3a2e9c6d41';
const report = (over: Partial<IntegrityReport> = {}): IntegrityReport => ({
  money: [],
  chain: { rpcUrl: 'http://127.0.0.1:8545', reachable: true, error: null, differences: [] },
  ...over,
});

beforeEach(() => jest.clearAllMocks());

test('everything agrees: the money invariants hold and the chain has no differences', async () => {
  get.mockResolvedValue(report());
  renderPage(<IntegritySection />);
  expect(await screen.findByText('The money invariants hold.')).toBeInTheDocument();
  expect(screen.getByText("No chain differences: the chain's unit balances equal the holdings.")).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Chain differences' })).not.toBeInTheDocument();
});

test('chain differences are listed apart from the money invariants', async () => {
  get.mockResolvedValue(
    report({
      money: [{ invariant: 'wallet_balance', detail: 'wallet 1 differs' }],
      chain: {
        rpcUrl: 'http://127.0.0.1:8545',
        reachable: true,
        error: null,
        differences: [
          {
            propertyId: PROPERTY,
            userId: HOLDER,
            address: '0xabc',
            ledgerUnits: 4,
            chainUnits: 6,
            detail: 'balance differs from the holding',
          },
          {
            propertyId: PROPERTY,
            userId: null,
            address: null,
            ledgerUnits: 8,
            chainUnits: 10,
            detail: 'total supply differs from the units held',
          },
        ],
      },
    }),
  );
  renderPage(<IntegritySection />);
  const chain = await screen.findByRole('table', { name: 'Chain differences' });
  const rows = within(chain).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('#7d1f0c52');
  expect(rows[0]).toHaveTextContent('balance differs from the holding');
  expect(rows[1]).toHaveTextContent('Total supply');
  expect(rows[1]).toHaveTextContent('10');
  const money = screen.getByRole('table', { name: 'Money invariant violations' });
  expect(money).toHaveTextContent('wallet 1 differs');
  expect(money).not.toHaveTextContent('balance differs');
});

test('a chain that is off or down says so', async () => {
  get.mockResolvedValue(report({ chain: null }));
  const { unmount } = renderPage(<IntegritySection />);
  expect(await screen.findByText('The chain is off: nothing to compare.')).toBeInTheDocument();
  unmount();
  get.mockResolvedValue(
    report({ chain: { rpcUrl: 'http://127.0.0.1:8545', reachable: false, error: 'no answer within 8 s', differences: [] } }),
  );
  renderPage(<IntegritySection />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The chain at http://127.0.0.1:8545 did not answer: no answer within 8 s');
  expect(INTEGRITY_MESSAGES.chainUnreachable('u', null)).toBe('The chain at u did not answer.');
});
