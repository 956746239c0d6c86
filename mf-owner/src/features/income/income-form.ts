// The income report form's rules (issue 18): the same checks the server makes, with the
// contract's messages, so the owner sees them before submitting.
import type { ExpenseCategory, IncomeReportBody } from 'shared-api/contract';
import { EXPENSE_CATEGORIES, MAX_INCOME_REPORT_DAYS, MAX_REPORT_NOTE, RETURNS_MESSAGES } from 'shared-api/contract/dashboard';

export interface IncomeForm {
  periodStart: string;
  periodEnd: string;
  grossRent: string;
  expenses: Record<ExpenseCategory, string>;
  note: string;
}

export type IncomeFormErrors = Partial<Record<'periodStart' | 'periodEnd' | 'grossRent' | 'note' | ExpenseCategory, string>>;

export const INCOME_FORM_MESSAGES = {
  date: 'Enter a date',
  amount: 'Enter an amount in dollars with at most two decimals, e.g. 1250.50',
  noteTooLong: `At most ${MAX_REPORT_NOTE} characters`,
} as const;

export const emptyIncomeForm = (): IncomeForm => ({
  periodStart: '',
  periodEnd: '',
  grossRent: '',
  expenses: Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, ''])) as Record<ExpenseCategory, string>,
  note: '',
});

/** Dollars typed in a field (commas allowed): the number, 0 for blank when `blankIsZero`, else null. */
export function parseDollars(text: string, blankIsZero = false): number | null {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return blankIsZero ? 0 : null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : null;
}

/** Integer cents of a dollar figure with at most two decimals. */
export const cents = (dollars: number) => Math.round(dollars * 100);

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

export function validateIncomeForm(f: IncomeForm, today: string): IncomeFormErrors {
  const e: IncomeFormErrors = {};
  if (!f.periodStart) e.periodStart = INCOME_FORM_MESSAGES.date;
  if (!f.periodEnd) e.periodEnd = INCOME_FORM_MESSAGES.date;
  if (f.periodStart && f.periodEnd) {
    if (f.periodEnd < f.periodStart) e.periodEnd = RETURNS_MESSAGES.periodOrder;
    else if (dayNumber(f.periodEnd) - dayNumber(f.periodStart) >= MAX_INCOME_REPORT_DAYS) e.periodEnd = RETURNS_MESSAGES.periodTooLong;
    else if (f.periodEnd >= today) e.periodEnd = RETURNS_MESSAGES.periodNotEnded;
  }
  if (parseDollars(f.grossRent) === null) e.grossRent = INCOME_FORM_MESSAGES.amount;
  for (const c of EXPENSE_CATEGORIES) if (parseDollars(f.expenses[c], true) === null) e[c] = INCOME_FORM_MESSAGES.amount;
  if (f.note.trim().length > MAX_REPORT_NOTE) e.note = INCOME_FORM_MESSAGES.noteTooLong;
  return e;
}

export function toIncomeReportBody(propertyId: string, f: IncomeForm): IncomeReportBody {
  const expenses: IncomeReportBody['expenses'] = {};
  for (const c of EXPENSE_CATEGORIES) {
    const v = parseDollars(f.expenses[c], true) ?? 0;
    if (v > 0) expenses[c] = v;
  }
  return {
    propertyId,
    periodStart: f.periodStart,
    periodEnd: f.periodEnd,
    grossRent: parseDollars(f.grossRent) ?? 0,
    expenses,
    note: f.note.trim() || undefined,
  };
}

/** Total expenses in cents, summed in cents. */
export function totalExpensesCents(f: IncomeForm): number {
  return EXPENSE_CATEGORIES.reduce((a, c) => a + cents(parseDollars(f.expenses[c], true) ?? 0), 0);
}
