import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api/votes';
import { useSessionStore } from 'shared-api';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import type { Proposal } from 'shared-api/contract';
import { VotesSection } from './votes-section';

jest.mock('shared-api/votes', () => ({
  getMyProposals: jest.fn(),
  voteOnProposal: jest.fn(),
}));

const m = { list: jest.mocked(api.getMyProposals), vote: jest.mocked(api.voteOnProposal) };

jest.setTimeout(30_000);

function proposal(over: Partial<Proposal> = {}): Proposal {
  return {
    _id: 'pr1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    kind: 'SELL',
    title: 'Sell the lofts for at least $450,000',
    description: 'A buyer asked.',
    price: 450_000,
    priceIsFloor: true,
    budget: null,
    rule: { quorumPct: 50, majorityPct: 60, capPct: 15 },
    opensAt: '2026-11-20T10:00:00.000Z',
    closesAt: '2026-12-01T10:00:00.000Z',
    status: 'OPEN',
    result: null,
    tally: { eligible: 200, for: 60, against: 40, abstain: 0, holders: 5, voters: 2, outcome: 'PASSED' },
    myVote: null,
    myWeight: 30,
    cancelReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    documents: [],
    ...over,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
});

test('nothing to vote on: no section', async () => {
  m.list.mockResolvedValue({ items: [] });
  renderPage(<VotesSection />);
  await waitFor(() => expect(m.list).toHaveBeenCalled());
  expect(screen.queryByRole('region', { name: 'Votes' })).not.toBeInTheDocument();
});

test('an open vote shows its terms, its rule, the live tally and my weight; voting asks first, then sends and reloads', async () => {
  m.list.mockResolvedValueOnce({ items: [proposal()] });
  m.list.mockResolvedValue({ items: [proposal({ myVote: 'AGAINST', tally: { ...proposal().tally!, against: 70, voters: 3 } })] });
  m.vote.mockResolvedValue(proposal({ myVote: 'AGAINST' }));
  const { user } = renderPage(<VotesSection />);
  const card = await screen.findByRole('article', { name: 'Sell the lofts for at least $450,000' });
  expect(card).toHaveTextContent('Harbor Lofts · Sell the property at or above $450,000.00');
  expect(card).toHaveTextContent(
    'Rule: Quorum 50% of the votes, passes with 60% of for and against, no holder counts for more than 15% of the units.',
  );
  expect(card).toHaveTextContent('For 30% · Against 20% · Abstain 0% of 200 votes (2 of 5 holders voted)');
  expect(card).toHaveTextContent('If it closed now: Passed');
  expect(card).toHaveTextContent('Your vote: not cast yet (30 votes)');

  const group = within(card).getByRole('group', { name: 'Vote on Sell the lofts for at least $450,000' });
  await user.click(within(group).getByRole('button', { name: 'Vote Against' }));
  const dialog = await screen.findByRole('dialog', { name: 'Vote Against?' });
  expect(dialog).toHaveTextContent('Your 30 votes on “Sell the lofts for at least $450,000” will count as Against.');
  expect(m.vote).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm vote' }));
  await waitFor(() => expect(m.vote).toHaveBeenCalledWith('pr1', 'AGAINST'));
  expect(await screen.findByText('Your vote on “Sell the lofts for at least $450,000” is Against')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('Your vote: Against (30 votes)'));
  const changed = within(screen.getByRole('group'));
  expect(changed.getByRole('button', { name: 'Vote Against' })).toBeDisabled();
  expect(changed.getByRole('button', { name: 'Change to For' })).toBeEnabled();
});

test('going back from the confirmation sends nothing; a refusal is shown', async () => {
  m.list.mockResolvedValue({ items: [proposal({ myVote: 'FOR' })] });
  m.vote.mockRejectedValue(new Error('Voting on this proposal is closed'));
  const { user } = renderPage(<VotesSection />);
  const card = await screen.findByRole('article');
  await user.click(within(card).getByRole('button', { name: 'Change to Abstain' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go back' }));
  expect(m.vote).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(within(card).getByRole('button', { name: 'Change to Abstain' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm vote' }));
  expect(await screen.findByText('Voting on this proposal is closed')).toBeInTheDocument();
});

test('a decided vote shows its result and no buttons', async () => {
  m.list.mockResolvedValue({ items: [proposal({ status: 'CLOSED', result: 'NO_QUORUM', myVote: 'FOR' })] });
  renderPage(<VotesSection />);
  const card = await screen.findByRole('article');
  expect(card).toHaveTextContent('Result: No quorum');
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
});

test("a proposal's documents are links that open in a new tab", async () => {
  const quote = { _id: 'f1', url: '/files/q.pdf?sig=x', name: 'roofer-quote.pdf', mimeType: 'application/pdf', size: 2048 };
  m.list.mockResolvedValue({ items: [proposal({ documents: [quote] }), proposal({ _id: 'pr2', title: 'Repaint' })] });
  renderPage(<VotesSection />);
  const [withDocs, without] = await screen.findAllByRole('article');
  const list = within(withDocs).getByRole('list', { name: 'Documents of Sell the lofts for at least $450,000' });
  const link = within(list).getByRole('link', { name: 'roofer-quote.pdf' });
  expect(link.getAttribute('href')).toMatch(/\/files\/q\.pdf\?sig=x$/);
  expect(link).toHaveAttribute('target', '_blank');
  expect(within(without).queryByRole('list')).not.toBeInTheDocument();
});
