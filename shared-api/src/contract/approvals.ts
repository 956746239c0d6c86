// Four eyes: admin actions that a second, different admin must approve before they run.
import type { AdminPermission } from './admin-roles';

/** The actions that can be held for a second admin's approval. */
export const APPROVAL_ACTIONS = [
  'distribution.declare',
  'distribution.pay',
  'distribution.correct',
  'payout.paid',
  'payouts.paid',
  'orders.review',
  'appraisal.create',
  'release_token.create',
  'admin.create',
  'admin.role_change',
  'appraisal.void',
  'person.verify',
  'property.handover',
  'property.sale',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Who may approve or reject a request: an admin whose role could take the action itself. */
export const APPROVAL_PERMISSIONS: Record<ApprovalAction, AdminPermission> = {
  'distribution.declare': 'income.manage',
  'distribution.pay': 'distributions.manage',
  'distribution.correct': 'distributions.manage',
  'payout.paid': 'payouts.manage',
  'payouts.paid': 'payouts.manage',
  'orders.review': 'orders.manage',
  'appraisal.create': 'appraisals.manage',
  'release_token.create': 'release.manage',
  'admin.create': 'admins.manage',
  'person.verify': 'people.verify',
  'admin.role_change': 'admins.manage',
  'appraisal.void': 'appraisals.manage',
  'property.handover': 'listings.review',
  'property.sale': 'distributions.manage',
};

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'FAILED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_ACTION_LABELS: Record<ApprovalAction, string> = {
  'distribution.declare': 'Declare a distribution',
  'distribution.pay': 'Pay a distribution',
  'distribution.correct': 'Correct a paid distribution',
  'payout.paid': 'Mark a withdrawal paid',
  'payouts.paid': 'Mark several withdrawals paid',
  'orders.review': 'Approve several orders',
  'appraisal.create': 'Record an appraisal',
  'release_token.create': 'Create a release token',
  'admin.create': 'Create an admin',
  'admin.role_change': "Change an admin's role",
  'appraisal.void': 'Void an appraisal',
  'person.verify': 'Verify a person with checks not ticked',
  'property.handover': 'Hand a listing over to another owner',
  'property.sale': "Record a property's sale and pay its holders",
};

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
};

export const APPROVAL_MESSAGES = {
  ownRequest: 'You cannot approve your own request: another admin must approve it',
  onlyRequesterCancels: 'Only the admin who asked can cancel this request',
  notPending: 'This request has already been decided',
  alreadyPending: 'This action is already waiting for approval',
  notFound: 'Approval request not found',
  noteRequired: 'Say why you reject this request',
} as const;

export interface ApprovalPerson {
  _id: string;
  email: string;
  name: string;
}

/** One request for a second admin's approval; a held action answers 202 with it. */
export interface ApprovalRequest {
  _id: string;
  action: ApprovalAction;
  targetType: string;
  targetId: string;
  /** What is asked, in words, for the approver. */
  summary: string;
  requestedBy: ApprovalPerson;
  requestedAt: string;
  status: ApprovalStatus;
  decidedBy: ApprovalPerson | null;
  decidedAt: string | null;
  /** A rejection's reason, or why the action failed when it was approved. */
  decisionNote: string;
}

export interface ApprovalsQuery {
  status?: ApprovalStatus;
}

export interface RejectApprovalBody {
  note: string;
}

/** What a gated call answers when four eyes holds it (HTTP 202): the request waiting for approval. */
export interface SentForApproval {
  sentForApproval: ApprovalRequest;
}

export function isSentForApproval(x: unknown): x is SentForApproval {
  return typeof x === 'object' && x !== null && 'sentForApproval' in x;
}

/** What the console says instead of success when an action waits for a second admin. */
export const SENT_FOR_APPROVAL = 'Sent for approval: another admin must approve it before it takes effect';
