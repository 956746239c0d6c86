import { centsToDollars, dollarsToCents, type Property, type User } from 'shared-api/contract';

export type Eligibility = 'sold-out' | 'visitor' | 'not-investor' | 'not-verified' | 'ok';

export function isSoldOut(p: Pick<Property, 'availableQuantity' | 'status'>): boolean {
  return p.availableQuantity <= 0 || p.status === 'FUNDED';
}

/** Who may buy units of this property now, in the order the panel checks. */
export function eligibility(user: Pick<User, 'role' | 'status'> | null, p: Pick<Property, 'availableQuantity' | 'status'>): Eligibility {
  if (isSoldOut(p)) return 'sold-out';
  if (!user) return 'visitor';
  if (user.role !== 'INVESTOR') return 'not-investor';
  if (user.status !== 'VERIFIED') return 'not-verified';
  return 'ok';
}

export const QUANTITY_MESSAGES = {
  notWhole: 'Enter a whole number of units',
  atLeastOne: 'Buy at least 1 unit',
  tooMany: (n: number) => `Only ${n.toLocaleString('en-US')} ${n === 1 ? 'unit is' : 'units are'} available`,
} as const;

export function checkQuantity(text: string, available: number): { ok: true; quantity: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { ok: false, message: QUANTITY_MESSAGES.notWhole };
  const quantity = Number(t);
  if (quantity < 1) return { ok: false, message: QUANTITY_MESSAGES.atLeastOne };
  if (quantity > available) return { ok: false, message: QUANTITY_MESSAGES.tooMany(available) };
  return { ok: true, quantity };
}

/** quantity × unit price, exact to the cent. */
export function orderTotal(quantity: number, unitPrice: number): number {
  return centsToDollars(quantity * dollarsToCents(unitPrice));
}

export type OrderFailure = 'balance' | 'verify' | 'sold-out' | 'other';

/** What a refused order means for the investor, from the server's answer. */
export function classifyOrderFailure(status: number | undefined, message: string): OrderFailure {
  if (/balance|insufficient|funds|wallet/i.test(message)) return 'balance';
  if (status === 403 && /verif|onboard|kyc|subscri/i.test(message)) return 'verify';
  if (/sold out|funded|available|not open|not enough units|remaining/i.test(message)) return 'sold-out';
  return 'other';
}
