// The statements an investor answers (spec 4 and 9). Figures come from the contract.
import {
  QUESTIONNAIRE_INCOME_ROUNDING_GBP,
  QUESTIONNAIRE_INCOME_THRESHOLD_GBP,
  QUESTIONNAIRE_NET_ASSETS_THRESHOLD_GBP,
  type InvestorType,
} from 'shared-api/contract';

const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;

export const INCOME_THRESHOLD = gbp(QUESTIONNAIRE_INCOME_THRESHOLD_GBP);
export const NET_ASSETS_THRESHOLD = gbp(QUESTIONNAIRE_NET_ASSETS_THRESHOLD_GBP);
export const INCOME_ROUNDING = gbp(QUESTIONNAIRE_INCOME_ROUNDING_GBP);
export { gbp };

export interface InvestorTypeOption {
  value: InvestorType;
  title: string;
  statement: string;
  criteria?: string[];
}

export const INVESTOR_TYPE_OPTIONS: InvestorTypeOption[] = [
  {
    value: 'RESTRICTED',
    title: 'Restricted Investor',
    statement:
      'In the past 12 months I have invested less than 10% of my net assets in high-risk investments, and I will not invest more than 10% of my net assets in high-risk investments in the next 12 months.',
  },
  {
    value: 'SOPHISTICATED',
    title: 'Self-Certified Sophisticated Investor',
    statement: 'I am a self-certified sophisticated investor because at least one of the following applies to me:',
    criteria: [
      'I have been a director of a company with an annual turnover of at least £1 million.',
      'I have made two or more investments in unlisted companies.',
      'I have been a member of a network or syndicate of business angels for more than six months.',
      'I work, or have worked, in a professional capacity in private equity or in the provision of finance for small and medium enterprises.',
    ],
  },
];

export const INCOME_QUESTION = `In the last financial year, did you have an annual income of ${INCOME_THRESHOLD} or more?`;
export const NET_ASSETS_QUESTION = `Throughout the last financial year, did you hold net assets of ${NET_ASSETS_THRESHOLD} or more?`;
export const NET_ASSETS_NOTE = 'Net assets do not include your main home, your pension or any insurance policies.';
export const INCOME_LABEL = `Annual income, to the nearest ${INCOME_ROUNDING}`;
export const INCOME_REQUIRED = `Please enter your annual income to the nearest ${INCOME_ROUNDING}`;
export const INCOME_TOO_LOW = `Your annual income must be ${INCOME_THRESHOLD} or more to answer yes`;

/** Income rounded to the nearest £10,000 (digits in, digits out; '' stays ''). */
export function roundIncome(digits: string): string {
  if (digits === '') return '';
  const n = Number(digits);
  if (!Number.isFinite(n)) return '';
  return String(Math.round(n / QUESTIONNAIRE_INCOME_ROUNDING_GBP) * QUESTIONNAIRE_INCOME_ROUNDING_GBP);
}
