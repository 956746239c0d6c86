// Money on the wire is dollars with at most two decimals; inside, integer cents.
export const MAX_SAFE_CENTS = Number.MAX_SAFE_INTEGER;

export type MoneyParse = { ok: true; cents: number } | { ok: false; message: string };

export const MONEY_MESSAGES = {
  required: 'Please enter an amount',
  notNumber: 'Amount must be a number',
  notPositive: 'Amount must be greater than zero',
  tooManyDecimals: 'Amount can have at most two decimals',
  tooLarge: 'Amount is too large',
  overBalance: 'Amount exceeds your available balance',
} as const;

export const PAYOUT_BANK_REFERENCE_MAX = 100;

/** Withdrawals, as admins decide them. The payouts rule (payouts_before_write.sql) says the same. */
export const PAYOUT_MESSAGES = {
  bankReferenceRequired: 'Enter the bank reference of the transfer',
  duplicatePayout: 'A withdrawal is listed twice',
} as const;

/** Parses a dollar amount (number or numeric string) into positive integer cents. */
export function parseAmount(input: unknown): MoneyParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: MONEY_MESSAGES.notNumber };
    if (input <= 0) return { ok: false, message: MONEY_MESSAGES.notPositive };
    text = String(input);
    if (/e/i.test(text)) {
      // Exponent forms: tiny fractions are too precise, huge values too large.
      return { ok: false, message: input >= 1 ? MONEY_MESSAGES.tooLarge : MONEY_MESSAGES.tooManyDecimals };
    }
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, message: MONEY_MESSAGES.notNumber };
  }
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, message: MONEY_MESSAGES.notNumber };
  const [, sign, whole, frac = ''] = m;
  if (sign === '-') return { ok: false, message: MONEY_MESSAGES.notPositive };
  if (frac.length > 2) return { ok: false, message: MONEY_MESSAGES.tooManyDecimals };
  if (whole.length > 16) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  if (cents <= 0) return { ok: false, message: MONEY_MESSAGES.notPositive };
  return { ok: true, cents };
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
