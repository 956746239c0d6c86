import { act, screen, waitFor } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { renderPage } from 'shared-ui/testing';
import { INCOME_REQUIRED, INCOME_TOO_LOW, roundIncome } from './questionnaire-content';
import { QuestionnairePage } from './questionnaire-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getQuestionnaire: jest.fn(),
  saveQuestionnaire: jest.fn(),
}));

const getQuestionnaire = jest.mocked(api.getQuestionnaire);
const saveQuestionnaire = jest.mocked(api.saveQuestionnaire);

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  getQuestionnaire.mockRejectedValue(new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'No questionnaire answers yet' }));
  saveQuestionnaire.mockImplementation(async (a) => ({ ...a, submittedAt: '2026-01-01T00:00:00.000Z' }));
});

async function start() {
  const ui = renderPage(<QuestionnairePage />, { url: '/onboarding/questionnaire' });
  await act(async () => {});
  return ui;
}

const button = (name: string) => screen.queryByRole('button', { name });

test('intro, question 1/2 and question 2/2: Next, Previous and Submit appear where spec 4 says', async () => {
  const ui = await start();
  expect(screen.getByText('Introduction')).toBeInTheDocument();
  expect(button('Next')).toBeInTheDocument();
  expect(button('Previous')).not.toBeInTheDocument();
  expect(button('Submit')).not.toBeInTheDocument();

  await ui.user.click(button('Next')!);
  expect(screen.getByText('Question 1/2')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Which kind of investor are you?' })).toHaveFocus();
  expect(screen.getByRole('radio', { name: 'Restricted Investor' })).toBeChecked();
  // The statements and criteria of spec 9 are shown.
  expect(screen.getByText(/less than 10% of my net assets in high-risk investments/)).toBeInTheDocument();
  expect(screen.getByText(/annual turnover of at least £1 million/)).toBeInTheDocument();
  expect(screen.getByText(/two or more investments in unlisted companies/)).toBeInTheDocument();
  expect(screen.getByText(/business angels for more than six months/)).toBeInTheDocument();
  expect(screen.getByText(/private equity or in the provision of finance for small and medium enterprises/)).toBeInTheDocument();
  expect(button('Previous')).not.toBeInTheDocument();
  expect(button('Submit')).not.toBeInTheDocument();

  await ui.user.click(screen.getByRole('radio', { name: 'Self-Certified Sophisticated Investor' }));
  await ui.user.click(button('Next')!);
  expect(screen.getByText('Question 2/2')).toBeInTheDocument();
  expect(screen.getByText(/annual income of £100,000 or more/)).toBeInTheDocument();
  expect(screen.getByText(/net assets of £250,000 or more/)).toBeInTheDocument();
  expect(button('Next')).not.toBeInTheDocument();
  expect(button('Previous')).toBeInTheDocument();
  expect(button('Submit')).toBeInTheDocument();

  await ui.user.click(button('Previous')!);
  expect(screen.getByText('Question 1/2')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Self-Certified Sophisticated Investor' })).toBeChecked();
});

test('Submit saves the answers, thanks the investor and goes to /dashboard', async () => {
  const ui = await start();
  await ui.user.click(button('Next')!);
  await ui.user.click(screen.getByRole('radio', { name: 'Self-Certified Sophisticated Investor' }));
  await ui.user.click(button('Next')!);
  const [incomeYes] = screen.getAllByRole('radio', { name: 'Yes' });
  await ui.user.click(incomeYes);
  const income = screen.getByRole('textbox', { name: /Annual income/ });
  // Digits only.
  await ui.user.type(income, '12a3,456');
  expect(income).toHaveValue('123456');
  await ui.user.tab();
  expect(income).toHaveValue('120000');
  await ui.user.click(button('Submit')!);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(saveQuestionnaire).toHaveBeenCalledWith({
    investorType: 'SOPHISTICATED',
    highNetWorthInvestor: true,
    annualIncome100OrMore: true,
    annualIncomeValue: 120000,
    netAssets: false,
  });
  expect(await screen.findByText(MESSAGES.questionnaireThanks)).toBeInTheDocument();
});

test('the defaults are a restricted investor who is not high net worth', async () => {
  const ui = await start();
  await ui.user.click(button('Next')!);
  await ui.user.click(button('Next')!);
  const [, assetsYes] = screen.getAllByRole('radio', { name: 'Yes' });
  await ui.user.click(assetsYes);
  await ui.user.click(button('Submit')!);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(saveQuestionnaire).toHaveBeenCalledWith({
    investorType: 'RESTRICTED',
    highNetWorthInvestor: true,
    annualIncome100OrMore: false,
    annualIncomeValue: null,
    netAssets: true,
  });
});

test('a "yes" to the income question needs the income, of at least £100,000', async () => {
  const ui = await start();
  await ui.user.click(button('Next')!);
  await ui.user.click(button('Next')!);
  await ui.user.click(screen.getAllByRole('radio', { name: 'Yes' })[0]);
  await ui.user.click(button('Submit')!);
  expect((await screen.findAllByText(INCOME_REQUIRED)).length).toBeGreaterThanOrEqual(1);
  expect(screen.getByRole('textbox', { name: /Annual income/ })).toHaveFocus();
  await ui.user.type(screen.getByRole('textbox', { name: /Annual income/ }), '50000');
  await ui.user.click(button('Submit')!);
  expect((await screen.findAllByText(INCOME_TOO_LOW)).length).toBeGreaterThanOrEqual(1);
  expect(saveQuestionnaire).not.toHaveBeenCalled();
});

test('a failed save is shown and the investor stays to retry', async () => {
  saveQuestionnaire.mockRejectedValueOnce(
    new ApiError(400, { statusCode: 400, error: 'Bad Request', message: 'annualIncomeValue must be to the nearest £10,000' }),
  );
  const ui = await start();
  await ui.user.click(button('Next')!);
  await ui.user.click(button('Next')!);
  await ui.user.click(button('Submit')!);
  expect(await screen.findByText('annualIncomeValue must be to the nearest £10,000')).toBeInTheDocument();
  expect(ui.location()).toBe('/onboarding/questionnaire');
  await ui.user.click(button('Submit')!);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
});

test('answers given before are shown again', async () => {
  getQuestionnaire.mockResolvedValueOnce({
    investorType: 'SOPHISTICATED',
    highNetWorthInvestor: true,
    annualIncome100OrMore: true,
    annualIncomeValue: 250000,
    netAssets: false,
    submittedAt: '2026-01-01T00:00:00.000Z',
  });
  const ui = await start();
  await ui.user.click(button('Next')!);
  expect(screen.getByRole('radio', { name: 'Self-Certified Sophisticated Investor' })).toBeChecked();
  await ui.user.click(button('Next')!);
  expect(screen.getByRole('textbox', { name: /Annual income/ })).toHaveValue('250000');
});

test('income is rounded to the nearest £10,000', () => {
  expect(roundIncome('')).toBe('');
  expect(roundIncome('123456')).toBe('120000');
  expect(roundIncome('125000')).toBe('130000');
  expect(roundIncome('100000')).toBe('100000');
});
