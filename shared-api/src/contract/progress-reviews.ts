// Construction progress that goes backwards (say 80% → 20%) is held for an admin's review
// before it is applied and shown to investors; forward progress applies at once. One
// backward update per listing waits at a time.
import type { Property } from './types';

export const PROGRESS_UPDATE_STATUSES = ['APPLIED', 'PENDING_REVIEW', 'REJECTED'] as const;
export type ProgressUpdateStatus = (typeof PROGRESS_UPDATE_STATUSES)[number];

/** An owner's progress update with its review state (the owner's and admins' read). */
export interface ProgressUpdateRecord {
  _id: string;
  propertyId: string;
  percent: number;
  note: string;
  status: ProgressUpdateStatus;
  /** The listing's progress when the update was posted (null before reviews existed). */
  previousPercent: number | null;
  /** The reviewer's reason, when rejected. */
  reviewReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/**
 * PATCH /v1/properties/offPlan-progress/:propertyId: the listing as it is now (unchanged
 * while the update waits for review), with the update posted and what to tell the owner
 * (null when it is applied).
 */
export interface ProgressPosted extends Property {
  progressUpdate: ProgressUpdateRecord;
  message: string | null;
}

/** GET /v1/admin/progress-reviews: one held update, oldest first. */
export interface ProgressReview {
  _id: string;
  propertyId: string;
  propertyTitle: string;
  /** The listing's progress now. */
  currentPercent: number;
  /** What the owner asks for. */
  proposedPercent: number;
  note: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
  /** Whole hours since it was posted. */
  ageHours: number;
}

export interface ProgressReviewList {
  items: ProgressReview[];
}

/** POST /v1/admin/progress-reviews/:id/reject. */
export interface RejectProgressBody {
  reason: string;
}

export const PROGRESS_REVIEW_MESSAGES = {
  held: (current: number) => `Progress lower than the current ${current}% needs review by our team. Investors see it once approved.`,
  alreadyPending:
    'A lower progress update for this listing is already waiting for review. You can post another lower one once it is decided.',
  notPending: 'This progress update is not waiting for review',
  reasonRequired: 'Please give a reason for the rejection',
  notFound: 'Progress update not found',
  ownRequest: 'You asked for this change: another admin must review it',
  adminHeld: (current: number) => `Saved. The lower progress waits for another admin's review; investors still see ${current}%.`,
} as const;

/** How the owner's page names an update's state. */
export const PROGRESS_UPDATE_STATUS_LABELS: Record<ProgressUpdateStatus, string> = {
  APPLIED: 'Applied',
  PENDING_REVIEW: 'Awaiting review',
  REJECTED: 'Rejected',
};
