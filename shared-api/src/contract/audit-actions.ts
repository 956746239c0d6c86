// The audit trail's actions in words: only the console's audit page and the server's audit CSV
// read them, so they live in 'shared-api/contract/admin', not in the labels every page loads.

/**
 * Every audit action the server records, in words. The server's `audit()` takes only these
 * keys (AuditAction), so a new action cannot be recorded without its label, and the audit
 * page's action filter, built from this list, can find every one.
 */
export const AUDIT_ACTION_LABELS = {
  'income_report.submit': 'Submitted an income report',
  'income_report.approve': 'Approved an income report',
  'income_report.reject': 'Rejected an income report',
  'distribution.pay': 'Paid a distribution',
  'distribution.cancel': 'Cancelled a distribution',
  'distribution.correct': 'Corrected a paid distribution',
  'appraisal.create': 'Recorded an appraisal',
  'appraisal.void': 'Voided an appraisal',
  'appraisal.document': 'Attached an appraisal document',
  'property.income_producing': 'Converted a property to income-producing',
  'user.verify': 'Verified a person',
  'user.reject': 'Rejected a person',
  'user.update': 'Edited a person',
  'user.delete': 'Deleted a person',
  'kyc.decide': 'Decided a verification case',
  'kyc.note': 'Added a note to a verification case',
  'kyc.document.view': 'Viewed a verification document',
  'admin.delete': 'Deleted an admin',
  'property.approve': 'Approved a listing',
  'property.reject': 'Rejected a listing',
  'property.update': 'Edited a listing',
  'property.delete': 'Deleted a listing',
  'order.approve': 'Approved an order',
  'order.reject': 'Rejected an order',
  'order.delete': 'Removed a closed order',
  'payout.paid': 'Marked a withdrawal paid',
  'payout.reject': 'Rejected a withdrawal',
  'payout.destination.view': 'Viewed the bank account of a withdrawal',
  'payout.batch.export': 'Exported a bank file of withdrawals (bank details)',
  'support.close': 'Closed a support ticket',
  'support.reply': 'Replied to a support ticket',
  'support.resend': 'Sent a support reply again',
  'support.assign': 'Took a support ticket',
  'support.unassign': 'Unassigned a support ticket',
  'market.flag.dismiss': 'Dismissed a market surveillance flag',
  'market.flag.escalate': 'Escalated a market surveillance flag',
  'market.halt': 'Halted trading in a property',
  'market.resume': 'Resumed trading in a property',
  'market.order.cancel': 'Cancelled a market order',
  'admin.create': 'Created an admin',
  'admin.role_change': "Changed an admin's role",
  'auth.signin_locked': 'Sign-in locked after wrong passwords',
  'auth.two_factor_on': 'Turned on two-factor sign-in',
  'auth.two_factor_off': 'Turned off two-factor sign-in',
  'release_token.create': 'Created a release token',
  'release_token.revoke': 'Revoked a release token',
  'payout.destination.reseal': 'Re-encrypted a bank account with a new key',
  'property.resume': 'Resumed a listing',
  'property.handover': 'Handed a listing over to another owner',
  'proposal.raise': 'Raised a proposal for holders to vote on',
  'proposal.cancel': 'Cancelled a proposal before its close',
  'proposal.documents': 'Added documents to a proposal',
  'proposal.close': 'Closed a vote and recorded its result',
  'property.sale': "Recorded a property's sale and paid its holders",
  'property.revision.submit': 'Submitted changes to a listing',
  'property.revision.withdraw': 'Withdrew changes to a listing',
  'property.revision.approve': 'Approved changes to a listing',
  'property.revision.reject': 'Rejected changes to a listing',
  'property.progress.approve': 'Approved lower construction progress of a listing',
  'property.progress.reject': 'Rejected lower construction progress of a listing',
  'auth.recovery_codes_renewed': 'Made new recovery codes',
  'auth.email_change_requested': 'Asked to change their e-mail address',
  'auth.email_changed': 'Changed their e-mail address',
  'auth.passkey_added': 'Added a passkey',
  'auth.passkey_removed': 'Removed a passkey',
  'approval.request': "Asked for a second admin's approval",
  'approval.approve': "Approved another admin's request",
  'approval.reject': "Rejected another admin's request",
  'approval.cancel': 'Cancelled their request for approval',
  'approval.fail': 'Approved a request that could not be carried out',
  'admin.profile_update': 'Edited their own admin profile',
  'user.view': "Viewed a person's details and documents",
  'statement.view': "Read a person's statement",
  'tax_document.view': "Read a person's tax document",
  'transactions.export': 'Exported ledger entries (CSV)',
  'market.trades.export': 'Exported market trades (CSV)',
  'audit.export': 'Exported the audit trail (CSV)',
  'token.claim': 'Claimed their platform tokens',
  'wallet.link': 'Linked their own wallet',
  'wallet.unlink': 'Unlinked their own wallet',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** An audit action in words: its label, or the code in sentence case ("wallet.adjust" → "Wallet adjust"). */
export function actionLabel(action: string): string {
  const known = (AUDIT_ACTION_LABELS as Record<string, string>)[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}
