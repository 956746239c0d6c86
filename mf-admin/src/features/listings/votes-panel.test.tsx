import { screen, waitFor, within } from '@testing-library/react';
import { cancelProposal, getPropertyProposals } from 'shared-api/admin';
import type { Proposal } from 'shared-api/contract';
import { PROPOSAL_MESSAGES } from 'shared-api/contract/votes';
import { makeProperty, makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { ListingDialog } from './listing-dialog';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getPropertyProposals: jest.fn(),
  cancelProposal: jest.fn(),
}));

jest.setTimeout(20_000);

beforeEach(() => jest.clearAllMocks());

const owner = makeUser({ _id: 'o1', firstName: 'Olivia', lastName: 'Owner', role: 'PROPERTY_OWNER', status: 'VERIFIED' });
const people = new Map([[owner._id, owner]]);
const live = makeProperty({ _id: 'p1', name: 'Harbor Lofts', status: 'FUNDED', ownerId: 'o1' });

function proposal(over: Partial<Proposal>): Proposal {
  return {
    _id: 'v1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    kind: 'REPAIR',
    title: 'Fix the roof',
    description: '',
    price: null,
    priceIsFloor: false,
    budget: 2500,
    rule: { quorumPct: 30, majorityPct: 51, capPct: null },
    opensAt: '2026-11-20T10:00:00.000Z',
    closesAt: '2026-12-20T10:00:00.000Z',
    status: 'OPEN',
    result: null,
    tally: { eligible: 100, for: 40, against: 10, abstain: 0, holders: 3, voters: 2, outcome: 'PASSED' },
    myVote: null,
    myWeight: null,
    cancelReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    documents: [],
    ...over,
  };
}

const open = proposal({});
const closed = proposal({
  _id: 'v2',
  kind: 'SELL',
  title: 'Sell the building',
  budget: null,
  price: 150000,
  status: 'CLOSED',
  result: 'REJECTED',
  rule: { quorumPct: 50, majorityPct: 60, capPct: 15 },
  tally: { eligible: 100, for: 20, against: 60, abstain: 0, holders: 3, voters: 3, outcome: 'REJECTED' },
});

function setup(canDecide = true) {
  return renderPage(<ListingDialog listing={live} people={people} onClose={jest.fn()} onReviewed={jest.fn()} canDecide={canDecide} />);
}

test("lists the listing's votes with status, rule and tally; Cancel only on an open one", async () => {
  jest.mocked(getPropertyProposals).mockResolvedValue({ items: [open, closed] });
  setup();
  const roof = await screen.findByRole('article', { name: 'Fix the roof' });
  expect(getPropertyProposals).toHaveBeenCalledWith('p1');
  expect(roof).toHaveTextContent('Open');
  expect(roof).toHaveTextContent('Repair from the reserve, budget $2,500.00');
  expect(roof).toHaveTextContent('Rule: Quorum 30% of the votes, passes with 51% of for and against.');
  expect(roof).toHaveTextContent('For 40% · Against 10% · Abstain 0% of 100 votes (2 of 3 holders voted). If it closed now: Passed');
  expect(within(roof).getByRole('button', { name: 'Cancel vote…' })).toBeInTheDocument();

  const sale = screen.getByRole('article', { name: 'Sell the building' });
  expect(sale).toHaveTextContent('Closed');
  expect(sale).toHaveTextContent('Result: Rejected');
  expect(sale).toHaveTextContent('no holder counts for more than 15% of the units');
  expect(sale).not.toHaveTextContent('If it closed now');
  expect(within(sale).queryByRole('button', { name: 'Cancel vote…' })).not.toBeInTheDocument();
});

test('cancels an open vote only after a confirmation with a reason, then shows it cancelled', async () => {
  jest
    .mocked(getPropertyProposals)
    .mockResolvedValueOnce({ items: [open] })
    .mockResolvedValue({ items: [{ ...open, status: 'CANCELLED', cancelReason: 'Raised by mistake' }] });
  jest.mocked(cancelProposal).mockResolvedValue({ ...open, status: 'CANCELLED', cancelReason: 'Raised by mistake' });
  const { user } = setup();
  const roof = await screen.findByRole('article', { name: 'Fix the roof' });
  await user.click(within(roof).getByRole('button', { name: 'Cancel vote…' }));
  const confirm = await screen.findByRole('dialog', { name: 'Cancel the vote “Fix the roof”?' });
  await user.click(within(confirm).getByRole('button', { name: 'Cancel the vote' }));
  expect(confirm).toHaveTextContent(PROPOSAL_MESSAGES.reasonRequired);
  expect(cancelProposal).not.toHaveBeenCalled();

  await user.type(within(confirm).getByLabelText(/Reason/), 'Raised by mistake');
  await user.click(within(confirm).getByRole('button', { name: 'Cancel the vote' }));
  await waitFor(() => expect(cancelProposal).toHaveBeenCalledWith('v1', { reason: 'Raised by mistake' }));
  await waitFor(() => expect(screen.getByRole('article', { name: 'Fix the roof' })).toHaveTextContent('Cancelled: Raised by mistake'));
  expect(within(screen.getByRole('article', { name: 'Fix the roof' })).queryByRole('button', { name: 'Cancel vote…' })).toBeNull();
});

test('a read-only admin sees the votes without Cancel', async () => {
  jest.mocked(getPropertyProposals).mockResolvedValue({ items: [open] });
  setup(false);
  const roof = await screen.findByRole('article', { name: 'Fix the roof' });
  expect(within(roof).queryByRole('button', { name: 'Cancel vote…' })).not.toBeInTheDocument();
});

test("a vote's documents are listed as links", async () => {
  const quote = { _id: 'f1', url: '/files/q.pdf?sig=x', name: 'roofer-quote.pdf', mimeType: 'application/pdf', size: 2048 };
  jest.mocked(getPropertyProposals).mockResolvedValue({ items: [{ ...open, documents: [quote] }, closed] });
  setup();
  const roof = await screen.findByRole('article', { name: 'Fix the roof' });
  const link = within(roof).getByRole('link', { name: /Open roofer-quote\.pdf/ });
  expect(link.getAttribute('href')).toMatch(/\/files\/q\.pdf\?sig=x$/);
  const sell = screen.getByRole('article', { name: 'Sell the building' });
  expect(within(sell).queryByRole('link')).not.toBeInTheDocument();
});
