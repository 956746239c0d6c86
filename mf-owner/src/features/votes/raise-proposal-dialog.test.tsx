import { screen, waitFor, within } from '@testing-library/react';
import * as votes from 'shared-api/votes';
import { useSessionStore } from 'shared-api';
import { makeUser } from 'shared-api/testing';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { RaiseProposalDialog, proposalBody } from './raise-proposal-dialog';

jest.mock('shared-api/votes', () => ({ raiseProposal: jest.fn(), addProposalDocuments: jest.fn() }));
const raise = jest.mocked(votes.raiseProposal);
const attach = jest.mocked(votes.addProposalDocuments);

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser({ role: 'PROPERTY_OWNER' }), 'token');
});

const form = { kind: 'SELL' as const, title: 'Sell it', description: '', amount: '450,000', floor: true, days: '7' };

test('the request: a sale with its floor price, closing after the days given; what is wrong is said', () => {
  expect(proposalBody(form, 0)).toEqual({
    kind: 'SELL',
    title: 'Sell it',
    description: '',
    price: 450000,
    priceIsFloor: true,
    closesAt: new Date(7 * 86_400_000).toISOString(),
  });
  expect(proposalBody({ ...form, amount: 'lots' })).toBe('Give the price in dollars');
  expect(proposalBody({ ...form, kind: 'REPAIR', amount: '' })).toBe('Give the budget in dollars');
  expect(proposalBody({ ...form, days: '1' })).toBe('The vote stays open 2 to 90 days');
  expect(proposalBody({ ...form, title: ' a ' })).toBe('Give the proposal a title of at least 3 characters');
  expect(proposalBody({ ...form, kind: 'ADVISORY', amount: '' }, 0)).not.toHaveProperty('price');
});

test('shows the rule of the kind chosen, sends the proposal and closes; a refusal is shown', async () => {
  const onClose = jest.fn();
  raise.mockRejectedValueOnce(new Error('Votes are held only on a live property'));
  raise.mockResolvedValue({} as never);
  const { user } = renderPage(<RaiseProposalDialog property={{ _id: 'p1', name: 'Harbor Lofts' }} open onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Ask the holders of Harbor Lofts to vote' });
  expect(dialog).toHaveTextContent('Rule: Quorum 10% of the votes, passes with 51% of for and against.');
  await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByRole('option', { name: 'Sell the property' }));
  expect(dialog).toHaveTextContent(
    'Rule: Quorum 50% of the votes, passes with 60% of for and against, no holder counts for more than 15% of the units.',
  );
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Sell the lofts');
  await user.click(within(dialog).getByRole('button', { name: 'Open the vote' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the price in dollars');
  expect(raise).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Price/ }), '450000');
  await user.click(within(dialog).getByRole('button', { name: 'Open the vote' }));
  expect(await within(dialog).findByText('Votes are held only on a live property')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Open the vote' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(raise).toHaveBeenLastCalledWith(
    'p1',
    expect.objectContaining({ kind: 'SELL', title: 'Sell the lofts', price: 450000, priceIsFloor: true }),
  );
});

test('documents chosen go with the proposal, uploaded once it is raised', async () => {
  const onClose = jest.fn();
  raise.mockResolvedValue({ _id: 'v9' } as never);
  attach.mockResolvedValue({} as never);
  const { user } = renderPage(<RaiseProposalDialog property={{ _id: 'p1', name: 'Harbor Lofts' }} open onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Ask the holders of Harbor Lofts to vote' });
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Repaint the lobby');
  const quote = fakeFile('painter-quote.pdf', 'application/pdf', 1000);
  await user.upload(within(dialog).getByLabelText(/^Documents/), quote);
  await user.click(within(dialog).getByRole('button', { name: 'Open the vote' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(attach).toHaveBeenCalledWith('v9', [expect.objectContaining({ name: 'painter-quote.pdf' })]);
});
