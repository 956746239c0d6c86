import { MONEY_MESSAGES, dollarsToCents, parseAmount } from 'shared-api/contract';
import { formatMoney } from 'shared-ui/core';

export type AmountCheck = { ok: true; cents: number; dollars: number } | { ok: false; message: string };

/**
 * A typed dollar amount checked with the contract's rules (positive, at most two decimals),
 * then against a ceiling: the balance for a withdrawal, the largest deposit for a deposit.
 */
export function checkAmount(text: string, limit?: { max: number; kind: 'balance' | 'deposit' }): AmountCheck {
  let clean = text.trim().replace(/^\$\s*/, '');
  if (clean === '') return { ok: false, message: MONEY_MESSAGES.required };
  // Thousands separators as people type them ("1,250.50"), nothing looser.
  if (clean.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(clean)) return { ok: false, message: MONEY_MESSAGES.notNumber };
    clean = clean.replace(/,/g, '');
  }
  const parsed = parseAmount(clean);
  if (!parsed.ok) return parsed;
  if (limit && parsed.cents > dollarsToCents(limit.max)) {
    return {
      ok: false,
      message:
        limit.kind === 'balance'
          ? MONEY_MESSAGES.overBalance
          : `${MONEY_MESSAGES.tooLarge}: a single deposit can be at most ${formatMoney(limit.max)}`,
    };
  }
  return { ok: true, cents: parsed.cents, dollars: parsed.cents / 100 };
}
