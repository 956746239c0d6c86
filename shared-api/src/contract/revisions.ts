// Issue 16: a change to a live listing (ACTIVE, FUNDED) is a revision under review. The live
// version stays on sale, unchanged, until an admin approves the revision; rejection (with a
// reason) leaves it as it was. At most one revision per listing is pending at a time.
import type { FileRef, ImageRef, Property } from './types';
import type { ProgressUpdateRecord } from './progress-reviews';

export const REVISION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** The fields a revision may change, in the order a diff lists them. */
export const REVISION_FIELDS = ['name', 'address', 'state', 'description', 'totalQuantity', 'unitPrice', 'roiInFiveYears'] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

export const REVISION_FIELD_LABELS: Record<RevisionField, string> = {
  name: 'Name',
  address: 'Address',
  state: 'State',
  description: 'Description',
  totalQuantity: 'Total units',
  unitPrice: 'Unit price',
  roiInFiveYears: 'Five-year ROI',
};

/** The proposed values of the changed fields (dollars for the price). */
export type RevisionProposal = Partial<Pick<Property, RevisionField>>;

export interface RevisionFieldChange {
  field: RevisionField;
  /** The live value. */
  from: string | number;
  /** The proposed value. */
  to: string | number;
}

export type RevisionFileKind = 'IMAGE' | 'DOCUMENT';
export type RevisionFileChangeKind = 'ADDED' | 'REMOVED' | 'MOVED';

/** One file added, removed or moved (positions count from 1; image 1 is the cover). */
export interface RevisionFileChange {
  kind: RevisionFileKind;
  change: RevisionFileChangeKind;
  fileId: string;
  /** The file's name as uploaded. */
  name: string;
  url: string;
  /** Position in the live listing (null when added). */
  from: number | null;
  /** Position in the revision (null when removed). */
  to: number | null;
}

export interface PropertyRevision {
  _id: string;
  propertyId: string;
  propertyName: string;
  status: RevisionStatus;
  proposed: RevisionProposal;
  /** The images and documents as the revision would leave them, in order. */
  images: ImageRef[];
  documents: FileRef[];
  /** What differs from the live listing now, field by field and file by file. */
  fieldChanges: RevisionFieldChange[];
  fileChanges: RevisionFileChange[];
  /** Whether the cover image (the first) would change. */
  coverChanged: boolean;
  /** The reviewer's reason, when rejected. */
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

/** An owner's or admin's read of a listing: the live listing with its latest revision. */
export interface PropertyWithRevision extends Property {
  /** The pending revision, else the last rejected one (until another is submitted or approved); null when none. */
  revision: PropertyRevision | null;
  /**
   * Off-plan: the progress update held for review, else the last rejected one while no
   * update came after it; null when none. Absent on the reads that do not look it up.
   */
  progressReview?: ProgressUpdateRecord | null;
}

export interface ReviewRevisionBody {
  decision: 'APPROVE' | 'REJECT';
  /** Required when rejecting. */
  reason?: string;
}

/** The order of a listing's images or documents: every current id, each once. */
export interface FileOrderBody {
  kind: 'PROPERTY_IMAGE' | 'PROPERTY_DOCUMENT';
  ids: string[];
}

export const REVISION_MESSAGES = {
  priceLocked: 'The unit price cannot change once units are sold',
  totalLocked: "Total units cannot change once units are sold: it would change every holder's share of the property",
  progressLive: 'Construction progress of a live listing is posted from Active listings',
  notPending: 'This listing has no changes under review',
  reasonRequired: 'Please give a reason for the rejection',
  badOrder: 'The order must list every current file of the listing once',
} as const;

export const isLive = (p: Pick<Property, 'status'>): boolean => p.status === 'ACTIVE' || p.status === 'FUNDED';

/** The listing as its pending revision would leave it (the listing itself when none is pending). */
export function withRevisionApplied<P extends Property>(p: P, revision: PropertyRevision | null | undefined): P {
  if (!revision || revision.status !== 'PENDING') return p;
  return { ...p, ...revision.proposed, images: revision.images, documents: revision.documents };
}

/** A diff value as a person reads it. */
export function formatRevisionValue(field: RevisionField, value: string | number): string {
  if (field === 'unitPrice') return `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (field === 'totalQuantity') return Number(value).toLocaleString('en-US');
  if (field === 'roiInFiveYears') return `${value}%`;
  return String(value);
}
