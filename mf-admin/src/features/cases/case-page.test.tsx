import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import type { KycCase } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { CasePage } from './case-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getKycCase: jest.fn(),
  viewKycDocument: jest.fn(),
  addKycCaseNote: jest.fn(),
  decideKycCase: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(20_000);

const PATH = '/dashboard/cases/:id';

function makeCase(overrides: Partial<KycCase> = {}): KycCase {
  return {
    _id: 'c2',
    userId: 'u1',
    name: 'Olga Owner',
    email: 'olga@example.com',
    kind: 'KYB',
    status: 'SUBMITTED',
    documentCount: 2,
    submittedAt: '2026-11-20T10:00:00.000Z',
    checklist: {},
    decidedAt: null,
    decidedBy: null,
    reasonCode: null,
    decisionNote: null,
    userStatus: 'PENDING',
    onboardingCompleted: true,
    documents: [
      { _id: 'f1', kind: 'KYC', originalName: 'passport.png', mimeType: 'image/png', createdAt: '2026-11-20T09:00:00.000Z' },
      { _id: 'f2', kind: 'BUSINESS_KYC', originalName: 'company.pdf', mimeType: 'application/pdf', createdAt: '2026-11-20T09:30:00.000Z' },
    ],
    notes: [
      { _id: 'n1', authorId: 'a1', authorEmail: 'admin@example.com', body: 'Called the registry', createdAt: '2026-11-21T10:00:00.000Z' },
    ],
    history: [
      {
        _id: 'c2',
        userId: 'u1',
        name: 'Olga Owner',
        email: 'olga@example.com',
        kind: 'KYB',
        status: 'SUBMITTED',
        documentCount: 2,
        submittedAt: '2026-11-20T10:00:00.000Z',
      },
      {
        _id: 'c1',
        userId: 'u1',
        name: 'Olga Owner',
        email: 'olga@example.com',
        kind: 'KYB',
        status: 'REJECTED',
        documentCount: 1,
        submittedAt: '2026-10-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.getKycCase.mockResolvedValue(makeCase());
});

test('documents open inline only when asked (each view fetched from the audited endpoint)', async () => {
  api.viewKycDocument.mockImplementation(async (_c: string, f: string) =>
    f === 'f1'
      ? { url: '/download/p.png?sig=1', mimeType: 'image/png', originalName: 'passport.png' }
      : { url: '/download/c.pdf?sig=2', mimeType: 'application/pdf', originalName: 'company.pdf' },
  );
  const { user } = renderPage(<CasePage />, { url: '/dashboard/cases/c2', path: PATH });
  expect(await screen.findByRole('heading', { level: 1, name: 'Case: Olga Owner' })).toBeInTheDocument();
  expect(api.viewKycDocument).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'View Identity document: passport.png' }));
  expect(await screen.findByRole('img', { name: 'Identity document: passport.png' })).toHaveAttribute('src', '/download/p.png?sig=1');
  await user.click(screen.getByRole('button', { name: 'View Business document: company.pdf' }));
  expect(await screen.findByLabelText('Business document: company.pdf')).toHaveAttribute('data', '/download/c.pdf?sig=2');
  expect(api.viewKycDocument).toHaveBeenCalledWith('c2', 'f1');
  expect(api.viewKycDocument).toHaveBeenCalledWith('c2', 'f2');
});

test('internal notes, the owner checklist and the history of cases', async () => {
  api.addKycCaseNote.mockResolvedValue({
    _id: 'n2',
    authorId: 'a1',
    authorEmail: 'admin@example.com',
    body: 'Second',
    createdAt: '2026-11-22T10:00:00.000Z',
  });
  const { user } = renderPage(<CasePage />, { url: '/dashboard/cases/c2', path: PATH });
  const notes = await screen.findByRole('region', { name: 'Internal notes' });
  expect(notes).toHaveTextContent('Called the registry');
  expect(notes).toHaveTextContent('never sent to the person');
  await user.click(within(notes).getByRole('button', { name: 'Add note' }));
  expect(within(notes).getByText('Write the note first')).toBeInTheDocument();
  await user.type(within(notes).getByRole('textbox', { name: 'New note' }), 'Second');
  await user.click(within(notes).getByRole('button', { name: 'Add note' }));
  expect(api.addKycCaseNote).toHaveBeenCalledWith('c2', { body: 'Second' });
  expect(screen.getByRole('checkbox', { name: /Ownership of the company/ })).toBeInTheDocument();
  const history = screen.getByRole('table', { name: 'Cases of this person' });
  expect(history).toHaveTextContent('Submitted (this case)');
  expect(within(history).getByRole('link', { name: 'Rejected' })).toHaveAttribute('href', '/dashboard/cases/c1');
});

test('a decided case shows its decision instead of the form', async () => {
  api.getKycCase.mockResolvedValue(
    makeCase({
      status: 'REJECTED',
      decidedAt: '2026-11-22T10:00:00.000Z',
      reasonCode: 'NAME_MISMATCH',
      decisionNote: 'Use your legal name',
    }),
  );
  renderPage(<CasePage />, { url: '/dashboard/cases/c2', path: PATH });
  const decision = await screen.findByRole('region', { name: 'Decision' });
  expect(decision).toHaveTextContent('Name mismatch');
  expect(decision).toHaveTextContent('Use your legal name');
  expect(within(decision).queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
});

test('the history of cases sorts by a column and downloads as CSV in that order', async () => {
  const { user, location } = renderPage(<CasePage />, { url: '/dashboard/cases/c2', path: PATH });
  const history = await screen.findByRole('table', { name: 'Cases of this person' });
  const statuses = () =>
    within(history)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1].textContent);
  expect(statuses()).toEqual(['Submitted (this case)', 'Rejected']);
  const submitted = within(history).getByRole('columnheader', { name: /Submitted/ });
  await user.click(within(submitted).getByRole('button', { name: /Submitted/ }));
  expect(submitted).toHaveAttribute('aria-sort', 'ascending');
  expect(statuses()).toEqual(['Rejected', 'Submitted (this case)']);
  expect(location()).toBe('/dashboard/cases/c2?historySort=submittedAt&historyOrder=asc');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('cases-u1.csv');
  expect(lines).toEqual([
    'Case,Submitted,Kind,Status,Documents',
    expect.stringMatching(/^c1,2026-10-01T10:00:00.000Z,[^,]+,Rejected,1$/),
    expect.stringMatching(/^c2,2026-11-20T10:00:00.000Z,[^,]+,Submitted,2$/),
  ]);
});
