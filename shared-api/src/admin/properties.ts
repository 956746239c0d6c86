// /v1/properties: admin review and edits of listings, revisions and construction progress.
import type {
  HandOverPropertyBody,
  MessageResult,
  OffPlanPropertyUpdate,
  OwnedPropertiesQuery,
  Page,
  ProgressReviewList,
  ProgressUpdateRecord,
  RejectProgressBody,
  Property,
  PropertyRevision,
  PropertyUpdate,
  PropertySale,
  PropertyWithRevision,
  RecordSaleBody,
  ReviewPropertyBody,
  ReviewRevisionBody,
  SentForApproval,
} from '../contract';
import { http } from 'shared-api';
import { id, query } from '../endpoints/query';
import { orSentForApproval } from './approvals';

/** Off-plan progress updates lower than the listing shows, waiting for review (oldest first). */
export const getProgressReviews = (): Promise<ProgressReviewList> => http.get('v1/admin/progress-reviews').json<ProgressReviewList>();

/** Approve a held progress update: the listing takes its percent. */
export const approveProgressReview = (updateId: string): Promise<ProgressUpdateRecord> =>
  http.post(`v1/admin/progress-reviews/${id(updateId)}/approve`).json<ProgressUpdateRecord>();

/** Reject a held progress update with a reason: the listing keeps its progress. */
export const rejectProgressReview = (updateId: string, body: RejectProgressBody): Promise<ProgressUpdateRecord> =>
  http.post(`v1/admin/progress-reviews/${id(updateId)}/reject`, { json: body }).json<ProgressUpdateRecord>();

/** An owner's listings (that owner and admins). */
export const getOwnersProperties = (ownerId: string, q: OwnedPropertiesQuery = {}): Promise<Page<PropertyWithRevision>> =>
  http.get(`v1/properties/owners-property/${id(ownerId)}`, { searchParams: query(q) }).json<Page<PropertyWithRevision>>();

export const deleteProperty = (propertyId: string): Promise<MessageResult> =>
  http.delete(`v1/properties/${id(propertyId)}`).json<MessageResult>();

export const adminUpdateRentalReady = (propertyId: string, body: PropertyUpdate): Promise<Property> =>
  http.patch(`v1/properties/${id(propertyId)}/rental-ready`, { json: body }).json<Property>();

/** A lower progress on a live listing comes back held: `progressReview` is PENDING_REVIEW. */
export const adminUpdateOffPlan = (propertyId: string, body: OffPlanPropertyUpdate): Promise<PropertyWithRevision> =>
  http.patch(`v1/properties/${id(propertyId)}/off-plan`, { json: body }).json<PropertyWithRevision>();

/** Changes to live listings waiting for review. */
export const getPendingRevisions = (): Promise<{ items: PropertyRevision[] }> =>
  http.get('v1/properties/revisions').json<{ items: PropertyRevision[] }>();

/** Approve (applied at once) or reject (with a reason) a live listing's changes under review. */
export const reviewRevision = (propertyId: string, body: ReviewRevisionBody): Promise<PropertyWithRevision> =>
  http.patch(`v1/properties/${id(propertyId)}/revision`, { json: body }).json<PropertyWithRevision>();

/** PENDING_REVIEW → ACTIVE (APPROVE) or REJECTED (REJECT, with a reason). */
export const reviewProperty = (propertyId: string, body: ReviewPropertyBody): Promise<Property> =>
  http.patch(`v1/properties/${id(propertyId)}/review`, { json: body }).json<Property>();

/** Lifts a suspension (admins; the owner must be VERIFIED again). */
export const resumeProperty = (propertyId: string): Promise<Property> =>
  http.patch(`v1/properties/${id(propertyId)}/resume`).json<Property>();

/** Moves a listing to another verified owner; or (202) the request waiting for a second admin. */
export const handOverProperty = (propertyId: string, ownerId: string): Promise<Property | SentForApproval> =>
  orSentForApproval<Property>(http.post(`v1/properties/${id(propertyId)}/handover`, { json: { ownerId } satisfies HandOverPropertyBody }));

/** Record a funded property's completed sale: the holders are paid and the units retired (or held for a second admin). */
export const recordPropertySale = (propertyId: string, body: RecordSaleBody): Promise<PropertySale | SentForApproval> =>
  orSentForApproval<PropertySale>(http.post(`v1/properties/${id(propertyId)}/sale`, { json: body }));
