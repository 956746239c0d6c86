// What each verification status may do, per role (issue 16): the one rule table. The server
// enforces it on every route that does one of these things (server/src/lib/status-gate.ts)
// and the database holds the money half of it in triggers (migration 0040); the dashboards
// read it to say what a person can and cannot do yet. The README renders it.
import type { Role, UserStatus } from './enums';

export const ACCOUNT_ACTIONS = [
  'ADD_MONEY',
  'START_CHECKOUT',
  'INVEST',
  'CREATE_LISTING',
  'LISTING_APPROVED',
  'WITHDRAW',
  'TRADE',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export type WalletRole = Exclude<Role, 'ADMIN'>;

export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  ADD_MONEY: 'Add money to the wallet',
  START_CHECKOUT: 'Start a checkout (deposit or subscription)',
  INVEST: 'Invest (place an order)',
  CREATE_LISTING: 'List a property (create or edit a listing)',
  LISTING_APPROVED: 'Have a listing approved (go live)',
  WITHDRAW: 'Request a withdrawal',
  TRADE: 'Trade on the secondary market (buy or sell units)',
};

/**
 * The statuses allowed to do each action, per role; null = the action is not for that role.
 * A REJECTED person keeps what they hold and may withdraw it, but nothing new comes in.
 */
export const STATUS_RULES: Record<WalletRole, Record<AccountAction, readonly UserStatus[] | null>> = {
  INVESTOR: {
    ADD_MONEY: ['PENDING', 'VERIFIED'],
    START_CHECKOUT: ['PENDING', 'VERIFIED'],
    INVEST: ['VERIFIED'],
    CREATE_LISTING: null,
    LISTING_APPROVED: null,
    WITHDRAW: ['VERIFIED', 'REJECTED'],
    TRADE: ['VERIFIED'],
  },
  PROPERTY_OWNER: {
    ADD_MONEY: ['PENDING', 'VERIFIED'],
    START_CHECKOUT: ['PENDING', 'VERIFIED'],
    INVEST: null,
    CREATE_LISTING: ['PENDING', 'VERIFIED'],
    LISTING_APPROVED: ['VERIFIED'],
    WITHDRAW: ['VERIFIED', 'REJECTED'],
    TRADE: null,
  },
};

/** Whether someone of this role and status may do the action (admins: never through these gates). */
export function statusAllows(role: Role, status: UserStatus, action: AccountAction): boolean {
  if (role === 'ADMIN') return false;
  return STATUS_RULES[role][action]?.includes(status) ?? false;
}

/** Why not, for the person concerned (null when allowed; roles outside the rule: null, left to role checks). */
export function statusRefusal(role: Role, status: UserStatus, action: AccountAction): string | null {
  if (role === 'ADMIN' || STATUS_RULES[role][action] === null || statusAllows(role, status, action)) return null;
  const what: Record<AccountAction, string> = {
    ADD_MONEY: 'add money',
    START_CHECKOUT: 'start a checkout',
    INVEST: 'invest',
    CREATE_LISTING: 'list a property',
    LISTING_APPROVED: 'have a listing approved',
    WITHDRAW: 'withdraw',
    TRADE: 'trade',
  };
  return status === 'REJECTED'
    ? `Your account verification was rejected: you cannot ${what[action]}`
    : `Your account must be verified before you can ${what[action]}`;
}

/** The admin's side of LISTING_APPROVED: why this owner's listing cannot be approved now. */
export function listingApprovalRefusal(ownerStatus: UserStatus): string | null {
  if (STATUS_RULES.PROPERTY_OWNER.LISTING_APPROVED?.includes(ownerStatus)) return null;
  return ownerStatus === 'REJECTED'
    ? 'The owner’s identity verification was rejected: only a verified owner’s listing can be approved'
    : 'The owner’s identity is not verified yet: only a verified owner’s listing can be approved';
}
