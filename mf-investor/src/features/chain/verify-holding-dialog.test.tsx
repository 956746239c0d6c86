import { screen, within } from '@testing-library/react';
import * as api from 'shared-api/chain';
import { useSessionStore } from 'shared-api';
import { makeHolding, makeUser, serverDown } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { hashPair, holdingLeaf, paymentLeaf } from 'shared-api/contract/merkle';
import type { MyChain, MyChainProperty } from 'shared-api/contract';
import { VERIFY_MESSAGES, VerifyHoldingDialog } from './verify-holding-dialog';
import { HoldingCard } from '../investments/components/holding-card';

jest.mock('shared-api/chain', () => ({ getMyChain: jest.fn(), getPropertyChain: jest.fn() }));
const m = { chain: jest.mocked(api.getMyChain) };

jest.setTimeout(30_000);

const ME = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const ANCHOR = '0x3333333333333333333333333333333333333333';
const TOKEN = '0x4444444444444444444444444444444444444444';
const TX = `0x${'ab'.repeat(32)}`;

/** A two-line tree each (mine and another holder's), built with the same functions the server uses. */
function property(over: Partial<MyChainProperty> = {}, tamper: { units?: number } = {}): MyChainProperty {
  const mine = { holder: ME, units: 40 };
  const other = { holder: OTHER, units: 60 };
  const h = [holdingLeaf(mine), holdingLeaf(other)] as const;
  const p = [paymentLeaf({ ...mine, amountCents: 4000 }), paymentLeaf({ ...other, amountCents: 6000 })] as const;
  return {
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    tokenAddress: TOKEN,
    ledgerUnits: 40,
    chainUnits: 40,
    chainError: null,
    proofs: [
      {
        kind: 'holdings',
        ref: '2026-06-30',
        key: `0x${(20260630).toString(16).padStart(64, '0')}`,
        distributionId: 'd1',
        anchorAddress: ANCHOR,
        root: hashPair(h[0], h[1]),
        leafCount: 2,
        txHash: TX,
        leaf: { address: ME, units: 40, amountCents: null },
        proof: [h[1]],
      },
      {
        kind: 'payments',
        ref: 'd1',
        key: `0x${'0'.repeat(63)}1`,
        distributionId: 'd1',
        anchorAddress: ANCHOR,
        root: hashPair(p[0], p[1]),
        leafCount: 2,
        txHash: TX,
        leaf: { address: ME, units: 40 + (tamper.units ?? 0), amountCents: 4000 },
        proof: [p[1]],
      },
    ],
    ...over,
  };
}

const chain = (properties: MyChainProperty[], over: Partial<MyChain> = {}): MyChain => ({
  enabled: true,
  chainId: 31337,
  address: ME,
  properties,
  ...over,
});

const open = () => renderPage(<VerifyHoldingDialog open propertyId="p1" propertyName="Harbor Lofts" onClose={() => undefined} />);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
});

test('loading', async () => {
  m.chain.mockReturnValue(never());
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Verify my holding: Harbor Lofts' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Reading the chain...');
});

test('verified: the token, the balance next to the ledger, and each line checked against its root in the browser', async () => {
  m.chain.mockResolvedValue(chain([property()]));
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Verify my holding: Harbor Lofts' });
  await within(dialog).findByText(TOKEN);
  expect(within(dialog).getByText(ME)).toBeInTheDocument();
  expect(within(dialog).getByText('On chain: 40 units, the same as the ledger.')).toBeInTheDocument();
  const holdings = within(dialog).getByRole('region', { name: 'Holders of record' });
  const payments = within(dialog).getByRole('region', { name: 'Distribution payments' });
  expect(within(holdings).getByText(VERIFY_MESSAGES.verified)).toBeInTheDocument();
  expect(within(payments).getByText(VERIFY_MESSAGES.verified)).toBeInTheDocument();
  expect(within(payments).getByText(/40 units paid \$40\.00/)).toBeInTheDocument();
  expect(within(dialog).queryByText(VERIFY_MESSAGES.failed)).not.toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: "See the property's chain record" })).toHaveAttribute(
    'href',
    '/dashboard/investments/p1/chain',
  );
});

test('tampered: one unit more in my line, or a sibling changed, fails clearly', async () => {
  const tampered = property({}, { units: 1 });
  const sibling = tampered.proofs[0].proof[0];
  tampered.proofs[0] = { ...tampered.proofs[0], proof: [`${sibling.slice(0, -1)}${sibling.endsWith('0') ? '1' : '0'}`] };
  m.chain.mockResolvedValue(chain([tampered]));
  open();
  const dialog = await screen.findByRole('dialog');
  const holdings = await within(dialog).findByRole('region', { name: 'Holders of record' });
  const payments = within(dialog).getByRole('region', { name: 'Distribution payments' });
  expect(within(holdings).getByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.failed);
  expect(within(payments).getByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.failed);
  expect(within(dialog).queryByText(VERIFY_MESSAGES.verified)).not.toBeInTheDocument();
});

test('the node is down: the balance cannot be read, the proofs still verify', async () => {
  m.chain.mockResolvedValue(chain([property({ chainUnits: null, chainError: 'the chain did not answer: fetch failed' })]));
  open();
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText(/Your balance on chain could not be read: the chain did not answer/)).toBeInTheDocument();
  expect(within(dialog).getAllByText(VERIFY_MESSAGES.verified)).toHaveLength(2);
});

test('nothing on chain yet, no anchored distribution, or the chain off: said plainly', async () => {
  m.chain.mockResolvedValueOnce(chain([]));
  const first = open();
  expect(await screen.findByText(VERIFY_MESSAGES.nothing)).toBeInTheDocument();
  first.unmount();

  m.chain.mockResolvedValueOnce(chain([property({ proofs: [] })]));
  const second = open();
  expect(await screen.findByText(VERIFY_MESSAGES.noAnchor)).toBeInTheDocument();
  second.unmount();

  m.chain.mockResolvedValueOnce({ enabled: false, chainId: null, address: null, properties: [] });
  open();
  expect(await screen.findByText(VERIFY_MESSAGES.off)).toBeInTheDocument();
});

test('error: Retry reads again', async () => {
  m.chain.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(chain([property()]));
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByText(VERIFY_MESSAGES.verified)).toHaveLength(2);
});

test('each holding card opens it with "Verify my holding"', async () => {
  m.chain.mockResolvedValue(chain([property()]));
  const { user } = renderPage(<HoldingCard holding={makeHolding()} />);
  expect(m.chain).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Verify my holding of Harbor Lofts on the chain' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify my holding: Harbor Lofts' });
  expect(await within(dialog).findAllByText(VERIFY_MESSAGES.verified)).toHaveLength(2);
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
