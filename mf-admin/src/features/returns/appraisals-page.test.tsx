import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { ApiError } from 'shared-api';
import { RETURNS_MESSAGES, appraisalChangeMessage } from 'shared-api/contract/dashboard';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { makeAppraisal, makeProperty, pageOf } from 'shared-api/testing';
import { AppraisalsPage } from './appraisals-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getProperties: jest.fn(),
  getPropertyPerformance: jest.fn(),
}));
jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getAppraisals: jest.fn(),
  createAppraisal: jest.fn(),
  uploadAppraisalDocument: jest.fn(),
  convertToIncomeProducing: jest.fn(),
  voidAppraisal: jest.fn(),
}));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(30_000);

const offPlan = makeProperty({ _id: 'p2', name: 'Willow Court', type: 'OFF_PLAN', status: 'FUNDED', progress: 100 });

beforeEach(() => {
  jest.clearAllMocks();
  api.getProperties.mockImplementation(async (q: { status: string }) => pageOf(q.status === 'ACTIVE' ? [makeProperty()] : [offPlan]));
  api.getAppraisals.mockResolvedValue([makeAppraisal()]);
  api.getPropertyPerformance.mockResolvedValue({
    propertyId: 'p2',
    latestAppraisal: null,
    appraisals: [],
    distributions: [],
    incomeProducing: false,
  });
});

test('history of the chosen property; the form validates, records the appraisal and attaches its document', async () => {
  api.createAppraisal.mockResolvedValue(makeAppraisal({ _id: 'a2', valuePerUnit: 55.25, appraisedOn: '2026-07-01' }));
  api.uploadAppraisalDocument.mockResolvedValue(makeAppraisal({ _id: 'a2' }));
  const { user } = renderPage(<AppraisalsPage />);
  const history = await screen.findByRole('table', { name: 'Appraisal history of Harbor Lofts' });
  expect(history).toHaveTextContent('$52.50');
  expect(screen.getByText('Latest: $52.50 a unit on Jun 30, 2026.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Convert to income-producing' })).not.toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Record an appraisal of Harbor Lofts' });
  await user.type(within(form).getByRole('textbox', { name: /Value per unit/ }), '55.255');
  await user.click(within(form).getByRole('button', { name: 'Record appraisal' }));
  expect(within(form).getByText('Enter the value per unit in dollars, e.g. 52.50')).toBeInTheDocument();
  expect(api.createAppraisal).not.toHaveBeenCalled();

  await user.clear(within(form).getByRole('textbox', { name: /Value per unit/ }));
  await user.type(within(form).getByRole('textbox', { name: /Value per unit/ }), '55.25');
  const date = within(form).getByLabelText(/Appraisal date/);
  await user.clear(date);
  await user.type(date, '2026-07-01');
  const doc = fakeFile('valuation.pdf', 'application/pdf', 1000);
  await user.upload(within(form).getByLabelText(/Source document/), doc);
  await user.click(within(form).getByRole('button', { name: 'Record appraisal' }));
  expect(api.createAppraisal).toHaveBeenCalledWith('p1', { valuePerUnit: 55.25, appraisedOn: '2026-07-01', note: undefined });
  await waitFor(() => expect(api.uploadAppraisalDocument).toHaveBeenCalledWith('a2', doc));
  expect(await screen.findByText('Appraisal recorded: $55.25 a unit on Jul 1, 2026')).toBeInTheDocument();
  await waitFor(() => expect(api.getAppraisals).toHaveBeenCalledTimes(2));
});

test('an off-plan funded property is converted to income-producing after confirming', async () => {
  api.convertToIncomeProducing.mockResolvedValue({
    propertyId: 'p2',
    constructionCompletedAt: '2026-06-01T00:00:00.000Z',
    incomeProducing: true,
  });
  const { user } = renderPage(<AppraisalsPage />);
  await screen.findByRole('table', { name: 'Appraisal history of Harbor Lofts' });
  await user.selectOptions(screen.getByLabelText('Property'), 'p2');
  await user.click(await screen.findByRole('button', { name: 'Convert to income-producing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Convert to income-producing?' });
  api.getPropertyPerformance.mockResolvedValue({
    propertyId: 'p2',
    latestAppraisal: null,
    appraisals: [],
    distributions: [],
    incomeProducing: true,
  });
  await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
  expect(api.convertToIncomeProducing).toHaveBeenCalledWith('p2');
  expect(await screen.findByText(/This off-plan property is income-producing/)).toBeInTheDocument();
});

test('a large move is confirmed before it is recorded: the dialog says the change the server measured', async () => {
  const message = appraisalChangeMessage(9900, 25);
  api.createAppraisal
    .mockRejectedValueOnce(new ApiError(409, { statusCode: 409, error: 'Conflict', message }))
    .mockResolvedValueOnce(makeAppraisal({ _id: 'a2', valuePerUnit: 5250 }));
  const { user } = renderPage(<AppraisalsPage />);
  await screen.findByRole('table', { name: 'Appraisal history of Harbor Lofts' });
  const form = screen.getByRole('form', { name: 'Record an appraisal of Harbor Lofts' });
  await user.type(within(form).getByRole('textbox', { name: /Value per unit/ }), '5250');
  await user.click(within(form).getByRole('button', { name: 'Record appraisal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record this appraisal?' });
  expect(dialog).toHaveTextContent('+9900%');
  expect(api.createAppraisal).toHaveBeenCalledTimes(1);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm and record' }));
  await waitFor(() =>
    expect(api.createAppraisal).toHaveBeenLastCalledWith('p1', expect.objectContaining({ valuePerUnit: 5250, confirmLargeChange: true })),
  );
  expect(await screen.findByText(/Appraisal recorded: \$5,250.00 a unit/)).toBeInTheDocument();
});

test('void: a reason is required; the voided appraisal stays listed, marked, and the latest is the one standing', async () => {
  const typo = makeAppraisal({ _id: 'a2', valuePerUnit: 5250, appraisedOn: '2026-07-01' });
  api.getAppraisals.mockResolvedValue([typo, makeAppraisal()]);
  api.voidAppraisal.mockResolvedValue({ ...typo, voidedAt: '2026-07-02T00:00:00.000Z', voidReason: 'Typo' });
  const { user } = renderPage(<AppraisalsPage />);
  const history = await screen.findByRole('table', { name: 'Appraisal history of Harbor Lofts' });
  await user.click(within(history).getByRole('button', { name: 'Void the appraisal of Jul 1, 2026' }));
  const dialog = await screen.findByRole('dialog', { name: 'Void this appraisal?' });
  await user.click(within(dialog).getByRole('button', { name: 'Void appraisal' }));
  expect(await within(dialog).findByText(RETURNS_MESSAGES.reasonRequired)).toBeInTheDocument();
  expect(api.voidAppraisal).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Typo');
  api.getAppraisals.mockResolvedValue([{ ...typo, voidedAt: '2026-07-02T00:00:00.000Z', voidReason: 'Typo' }, makeAppraisal()]);
  await user.click(within(dialog).getByRole('button', { name: 'Void appraisal' }));
  expect(api.voidAppraisal).toHaveBeenCalledWith('a2', { reason: 'Typo' });
  expect(await screen.findByText(/Voided Jul 2, 2026: Typo/)).toBeInTheDocument();
  expect(screen.getByText('Latest: $52.50 a unit on Jun 30, 2026.')).toBeInTheDocument();
});
