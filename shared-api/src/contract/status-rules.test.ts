import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_ACTIONS, ACCOUNT_ACTION_LABELS, STATUS_RULES, statusAllows, statusRefusal } from './status-rules';
import { USER_STATUSES } from './enums';

/** The rule table as the README shows it (one row per action; yes / no / — for not that role's). */
export function statusTable(): string {
  const cell = (r: readonly string[] | null, s: string) => (r === null ? '—' : r.includes(s) ? 'yes' : 'no');
  const head = `| action | ${USER_STATUSES.map((s) => `investor ${s}`).join(' | ')} | ${USER_STATUSES.map((s) => `owner ${s}`).join(' | ')} |`;
  const sep = `|---|${USER_STATUSES.map(() => '---').join('|')}|${USER_STATUSES.map(() => '---').join('|')}|`;
  const rows = ACCOUNT_ACTIONS.map(
    (a) =>
      `| ${ACCOUNT_ACTION_LABELS[a]} | ${USER_STATUSES.map((s) => cell(STATUS_RULES.INVESTOR[a], s)).join(' | ')} | ${USER_STATUSES.map((s) => cell(STATUS_RULES.PROPERTY_OWNER[a], s)).join(' | ')} |`,
  );
  return [head, sep, ...rows].join('\n');
}

test('the README states the rule table as the contract has it', () => {
  const readme = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
  expect(readme).toContain(statusTable());
});

test('a REJECTED person adds nothing new but may withdraw; a PENDING one may not withdraw; admins pass no gate', () => {
  for (const a of ['ADD_MONEY', 'START_CHECKOUT', 'INVEST', 'CREATE_LISTING', 'LISTING_APPROVED'] as const) {
    expect(statusAllows('INVESTOR', 'REJECTED', a)).toBe(false);
    expect(statusAllows('PROPERTY_OWNER', 'REJECTED', a)).toBe(false);
  }
  expect(statusAllows('INVESTOR', 'REJECTED', 'WITHDRAW')).toBe(true);
  expect(statusAllows('PROPERTY_OWNER', 'PENDING', 'WITHDRAW')).toBe(false);
  expect(statusRefusal('PROPERTY_OWNER', 'PENDING', 'INVEST')).toBeNull(); // not an owner's action: the role check answers
  expect(statusRefusal('INVESTOR', 'REJECTED', 'ADD_MONEY')).toBe('Your account verification was rejected: you cannot add money');
});
