import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api/token-claims';
import { ApiError, useSessionStore } from 'shared-api';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import type { TokenClaim, TokenClaimState } from 'shared-api/contract';
import { TOKEN_CLAIM_MESSAGES, TOKEN_CLAIM_TERMS } from 'shared-api/contract/token-claims';
import { TokenClaimSection } from './token-claim-section';

jest.mock('shared-api/token-claims', () => ({
  getMyTokenClaim: jest.fn(),
  claimPlatformTokens: jest.fn(),
  walletLinkNonce: jest.fn(),
  linkWallet: jest.fn(),
  unlinkWallet: jest.fn(),
}));

const m = {
  get: jest.mocked(api.getMyTokenClaim),
  claim: jest.mocked(api.claimPlatformTokens),
  nonce: jest.mocked(api.walletLinkNonce),
  link: jest.mocked(api.linkWallet),
  unlink: jest.mocked(api.unlinkWallet),
};

jest.setTimeout(30_000);

const CUSTODIAL = '0x' + 'c1'.repeat(20);
const OWN = '0x' + 'a7'.repeat(20);
const TX = '0x' + 'f0'.repeat(32);

const open = (over: Partial<TokenClaimState> = {}): TokenClaimState => ({
  claimableTokens: 15,
  claimsOpen: true,
  claim: null,
  linkedWallet: null,
  custodialAddress: CUSTODIAL,
  ...over,
});
const made = (over: Partial<TokenClaim> = {}): TokenClaim => ({
  _id: 'c1',
  amount: 15,
  status: 'PENDING',
  destination: CUSTODIAL,
  txHash: null,
  chainId: 31337,
  createdAt: '2026-11-28T10:00:00.000Z',
  sentAt: null,
  ...over,
});

const g = globalThis as { ethereum?: unknown };

beforeEach(() => {
  jest.clearAllMocks();
  delete g.ethereum;
  useSessionStore.getState().setSession(makeUser({ status: 'VERIFIED', isSubscribed: true, claimableTokens: 15 }), 'token');
});

test('claiming asks first with the terms, then shows the claim pending, then sent with its transaction', async () => {
  m.get.mockResolvedValueOnce(open());
  m.claim.mockResolvedValue(open({ claimableTokens: 0, claim: made() }));
  const { user } = renderPage(<TokenClaimSection />);
  const section = await screen.findByRole('region', { name: 'Platform tokens' });
  await user.click(within(section).getByRole('button', { name: 'Claim 15 platform tokens' }));
  const dialog = await screen.findByRole('dialog', { name: 'Claim 15 platform tokens?' });
  for (const term of TOKEN_CLAIM_TERMS) expect(dialog).toHaveTextContent(term);
  expect(dialog).toHaveTextContent(`They will be recorded at the address Tessera keeps for you, ${CUSTODIAL}.`);
  expect(m.claim).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Claim tokens' }));
  await waitFor(() => expect(m.claim).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(section).findByText(/Your claim of 15 platform tokens is pending/)).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Claim 15 platform tokens' })).not.toBeInTheDocument();

  m.get.mockResolvedValueOnce(
    open({ claimableTokens: 0, claim: made({ status: 'SENT', txHash: TX, sentAt: '2026-11-28T10:00:10.000Z' }) }),
  );
  await user.click(within(section).getByRole('button', { name: 'Check again' }));
  const status = await within(section).findByText(/Your 15 platform tokens are recorded/);
  expect(status.closest('[role="status"]')).toHaveTextContent(`Your 15 platform tokens are recorded at ${CUSTODIAL}. Transaction: ${TX}`);
  expect(within(section).queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
});

test('a refused claim says why, and the claim can be tried again', async () => {
  m.get.mockResolvedValue(open());
  m.claim.mockRejectedValue(new ApiError(409, { statusCode: 409, error: 'Conflict', message: TOKEN_CLAIM_MESSAGES.chainOff }));
  const { user } = renderPage(<TokenClaimSection />);
  await user.click(await screen.findByRole('button', { name: 'Claim 15 platform tokens' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Claim tokens' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(TOKEN_CLAIM_MESSAGES.chainOff);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Claim 15 platform tokens' })).toBeEnabled();
});

test('with the chain off or the account not verified, the claim waits and says why', async () => {
  m.get.mockResolvedValue(open({ claimsOpen: false }));
  const first = renderPage(<TokenClaimSection />);
  expect(await screen.findByText(TOKEN_CLAIM_MESSAGES.chainOff)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Claim 15 platform tokens' })).toBeDisabled();
  first.unmount();

  useSessionStore.getState().setSession(makeUser({ status: 'PENDING', isSubscribed: true, claimableTokens: 15 }), 'token');
  m.get.mockResolvedValue(open({ custodialAddress: null }));
  renderPage(<TokenClaimSection />);
  expect(await screen.findByText(TOKEN_CLAIM_MESSAGES.notVerified)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Claim 15 platform tokens' })).toBeDisabled();
});

test('a failed load offers a retry', async () => {
  m.get.mockRejectedValueOnce(new ApiError(403, { statusCode: 403, error: 'Forbidden', message: 'Nope' }));
  m.get.mockResolvedValueOnce(open());
  const { user } = renderPage(<TokenClaimSection />);
  expect(await screen.findByText('Nope')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('button', { name: 'Claim 15 platform tokens' })).toBeInTheDocument();
});

test('without a browser wallet it explains that the custodial address is used', async () => {
  m.get.mockResolvedValue(open());
  renderPage(<TokenClaimSection />);
  const section = await screen.findByRole('region', { name: 'Platform tokens' });
  expect(section).toHaveTextContent(`No browser wallet was found, so your tokens go to the address Tessera keeps for you: ${CUSTODIAL}.`);
  expect(within(section).queryByRole('button', { name: 'Link your own wallet' })).not.toBeInTheDocument();
});

test('with a browser wallet it links the account that signs the message, and unlinks after asking', async () => {
  const request = jest.fn(async ({ method }: { method: string; params?: unknown[] }) => {
    if (method === 'eth_requestAccounts') return [OWN];
    if (method === 'personal_sign') return '0xsigned';
    throw new Error(`unexpected ${method}`);
  });
  g.ethereum = { request };
  m.get.mockResolvedValue(open());
  m.nonce.mockResolvedValue({
    nonce: 'abcdefgh1234',
    expiresAt: '2026-11-28T10:10:00.000Z',
    domain: 'localhost',
    uri: 'http://localhost',
    chainId: 31337,
    statement: 'Link',
    message: 'localhost wants you to sign in with your Ethereum account:',
  });
  m.link.mockResolvedValue(open({ linkedWallet: OWN }));
  m.unlink.mockResolvedValue(open());
  const { user } = renderPage(<TokenClaimSection />);
  const section = await screen.findByRole('region', { name: 'Platform tokens' });
  expect(section).toHaveTextContent(`The address Tessera keeps for you: ${CUSTODIAL}.`);
  await user.click(within(section).getByRole('button', { name: 'Link your own wallet' }));
  await waitFor(() =>
    expect(m.link).toHaveBeenCalledWith({ message: 'localhost wants you to sign in with your Ethereum account:', signature: '0xsigned' }),
  );
  expect(m.nonce).toHaveBeenCalledWith({ address: OWN });
  const sign = request.mock.calls.find(([a]) => a.method === 'personal_sign')?.[0];
  // The message goes to the wallet as hex-encoded UTF-8, with the account that signs it.
  expect(sign?.params?.[1]).toBe(OWN);
  expect(Buffer.from(String(sign?.params?.[0]).slice(2), 'hex').toString('utf8')).toBe(
    'localhost wants you to sign in with your Ethereum account:',
  );
  expect(await within(section).findByText(OWN)).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Unlink your wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unlink your wallet?' });
  expect(m.unlink).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
  await waitFor(() => expect(m.unlink).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(section).findByRole('button', { name: 'Link your own wallet' })).toBeInTheDocument();
});

test('a wallet that is asked and says no leaves things as they were, and says so', async () => {
  g.ethereum = { request: jest.fn().mockRejectedValue({ code: 4001, message: 'User rejected the request.' }) };
  m.get.mockResolvedValue(open());
  const { user } = renderPage(<TokenClaimSection />);
  await user.click(await screen.findByRole('button', { name: 'Link your own wallet' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the request in your wallet.');
  expect(m.nonce).not.toHaveBeenCalled();
  expect(m.link).not.toHaveBeenCalled();
});
