// Payout destinations (issue 19): the bank accounts a person's withdrawals are paid to.
// The full numbers stay on the server; a person only ever sees the last four characters.
// These pure validators are shared by the wallet's dialog and the server (which also checks
// IBAN and BIC with a maintained library, see server/README.md).

export const PAYOUT_DESTINATION_KINDS = ['US_ACH', 'IBAN'] as const;
export type PayoutDestinationKind = (typeof PAYOUT_DESTINATION_KINDS)[number];

export const PAYOUT_DESTINATION_KIND_LABELS: Record<PayoutDestinationKind, string> = {
  US_ACH: 'US bank account',
  IBAN: 'International account (IBAN)',
};

/** What a person (and the admins' list) sees of a destination: never the full number. */
export interface PayoutDestination {
  _id: string;
  kind: PayoutDestinationKind;
  holderName: string;
  /** ISO 3166-1 alpha-2: US for US_ACH, the IBAN's country otherwise. */
  country: string;
  last4: string;
  createdAt: string;
  /** Set once removed (soft delete); a person's list holds live ones only. */
  removedAt: string | null;
}

/** The full details, for admins only (GET /v1/payouts/{id}/destination, audited). */
export interface PayoutDestinationDetails extends PayoutDestination {
  routingNumber: string | null;
  accountNumber: string | null;
  iban: string | null;
  bic: string | null;
}

/** POST /v1/wallets/destinations (Idempotency-Key supported). */
export type CreatePayoutDestinationBody =
  | { kind: 'US_ACH'; holderName: string; routingNumber: string; accountNumber: string }
  | { kind: 'IBAN'; holderName: string; iban: string; bic: string };

export const PAYOUT_DESTINATION_MESSAGES = {
  holderRequired: 'Account holder name is required',
  holderTooLong: 'Account holder name must be at most 140 characters',
  routingFormat: 'Routing number must be 9 digits',
  routingChecksum: 'Routing number is not valid: check the digits',
  accountFormat: 'Account number must be 4 to 17 digits',
  ibanInvalid: 'IBAN is not valid: check the country code, the length and the digits',
  bicInvalid: 'BIC is not valid: 8 or 11 letters and digits, e.g. DEUTDEFF',
  notFound: 'Payout account not found',
  required: 'Choose the bank account to pay this withdrawal to',
  inUse: 'This bank account has a withdrawal waiting to be paid: cancel it or wait until it is decided before removing the account',
  erased: 'The bank details were erased when the account was closed: only the holder name and the last four digits are kept',
} as const;

/** Digits only, spaces and dashes removed (people paste "0260-0959 3"). */
export const compactNumber = (s: string): string => s.replace(/[\s-]/g, '');
/** IBAN and BIC as stored: no spaces, upper case. */
export const compactCode = (s: string): string => s.replace(/\s/g, '').toUpperCase();

/** ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidRoutingNumber(raw: string): boolean {
  const s = compactNumber(raw);
  if (!/^\d{9}$/.test(s)) return false;
  const d = [...s].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0 && s !== '000000000';
}

export function routingNumberError(raw: string): string | null {
  const s = compactNumber(raw);
  if (!/^\d{9}$/.test(s)) return PAYOUT_DESTINATION_MESSAGES.routingFormat;
  return isValidRoutingNumber(s) ? null : PAYOUT_DESTINATION_MESSAGES.routingChecksum;
}

export function accountNumberError(raw: string): string | null {
  return /^\d{4,17}$/.test(compactNumber(raw)) ? null : PAYOUT_DESTINATION_MESSAGES.accountFormat;
}

export function holderNameError(raw: string): string | null {
  const s = raw.trim();
  if (!s) return PAYOUT_DESTINATION_MESSAGES.holderRequired;
  return s.length > 140 ? PAYOUT_DESTINATION_MESSAGES.holderTooLong : null;
}

/**
 * The IBAN's shape and ISO 7064 mod-97 check digits. The server also checks each
 * country's length and BBAN format with ibantools; this is the dialog's early hint.
 */
export function ibanShapeError(raw: string): string | null {
  const s = compactCode(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return PAYOUT_DESTINATION_MESSAGES.ibanInvalid;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of v) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1 ? null : PAYOUT_DESTINATION_MESSAGES.ibanInvalid;
}

/** BIC (ISO 9362) shape: bank (4 letters), country (2 letters), location (2), branch (3, optional). */
export function bicShapeError(raw: string): string | null {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactCode(raw)) ? null : PAYOUT_DESTINATION_MESSAGES.bicInvalid;
}

/** Every field's problem (empty when the body is fine), keyed by field, in form order. */
export function payoutDestinationErrors(body: CreatePayoutDestinationBody): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  const holder = holderNameError(body.holderName ?? '');
  if (holder) errors.holderName = holder;
  if (body.kind === 'US_ACH') {
    const routing = routingNumberError(body.routingNumber ?? '');
    if (routing) errors.routingNumber = routing;
    const account = accountNumberError(body.accountNumber ?? '');
    if (account) errors.accountNumber = account;
  } else {
    const iban = ibanShapeError(body.iban ?? '');
    if (iban) errors.iban = iban;
    const bic = bicShapeError(body.bic ?? '');
    if (bic) errors.bic = bic;
  }
  return errors;
}

/** "•••• 1234": the only form of the number a person ever sees. */
export const maskedNumber = (last4: string): string => `•••• ${last4}`;

/** "US bank account •••• 6789 · Jane Doe". */
export const describeDestination = (d: Pick<PayoutDestination, 'kind' | 'last4' | 'holderName'>): string =>
  `${d.kind === 'US_ACH' ? 'US bank account' : 'IBAN'} ${maskedNumber(d.last4)} · ${d.holderName}`;
