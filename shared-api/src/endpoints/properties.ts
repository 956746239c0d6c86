// /v1/properties (spec 7): the catalogue, owners' listings, admin review and edits.
import type {
  ActiveInvestments,
  FileOrderBody,
  MessageResult,
  OffPlanPropertyInput,
  OffPlanPropertyUpdate,
  OwnedPropertiesQuery,
  OwnerPropertyView,
  CataloguePage,
  Page,
  ProgressPosted,
  ProgressUpdateBody,
  PropertiesQuery,
  Property,
  PropertyDetail,
  PropertyInput,
  PropertyUpdate,
  PropertyWithRevision,
} from '../contract';
import { apiUrl, http } from '../client';
import { upload, type UploadOptions } from '../upload';
import { peekPrefetched, requestKey, takePrefetched } from '../prefetch';
import { filesForm, id, query } from './query';

type Progress = Pick<UploadOptions, 'onProgress' | 'signal'>;

// The addresses the API client asks, which a first-screen prefetch is keyed by (prefetch.ts).
const catalogueUrl = (searchParams: Record<string, string>) => apiUrl(requestKey('v1/properties', searchParams));
const propertyPath = (propertyId: string) => `v1/properties/${id(propertyId)}`;

/** Live listings (ACTIVE, FUNDED); admins may ask for any status. The first screen's page may already be on its way (prefetch.ts). */
export const getProperties = (q: PropertiesQuery = {}): Promise<CataloguePage> => {
  const searchParams = query(q);
  const ask = () => http.get('v1/properties', { searchParams }).json<CataloguePage>();
  return takePrefetched(catalogueUrl(searchParams), ask) ?? ask();
};

/** A listing; a sold one carries its sale's final figures (`sale`). */
export const getProperty = (propertyId: string): Promise<PropertyDetail> => {
  const path = propertyPath(propertyId);
  const ask = () => http.get(path).json<PropertyDetail>();
  return takePrefetched(apiUrl(path), ask) ?? ask();
};

/** The prefetched answer of `getProperties(q)` if it has already arrived (taken), else undefined: a page's first render. */
export const peekProperties = (q: PropertiesQuery = {}): CataloguePage | undefined => peekPrefetched(catalogueUrl(query(q)));

/** The prefetched answer of `getProperty(id)` if it has already arrived (taken), else undefined. */
export const peekProperty = (propertyId: string): PropertyDetail | undefined => peekPrefetched(apiUrl(propertyPath(propertyId)));

// ---- Owners ----

/** The owner's listings, each with its changes under review (`revision`). */
export const getOwnedProperties = (q: OwnedPropertiesQuery = {}): Promise<Page<PropertyWithRevision>> =>
  http.get('v1/properties/owned', { searchParams: query(q) }).json<Page<PropertyWithRevision>>();

/** An own listing with its pending (or last rejected) revision. */
export const getOwnedProperty = (propertyId: string): Promise<PropertyWithRevision> =>
  http.get(`v1/properties/owned/${id(propertyId)}`).json<PropertyWithRevision>();

export const deleteOwnedProperty = (propertyId: string): Promise<MessageResult> =>
  http.delete(`v1/properties/owned/${id(propertyId)}`).json<MessageResult>();

export const createOffPlanProperty = (body: OffPlanPropertyInput): Promise<Property> =>
  http.post('v1/properties/owned/off-plan', { json: body }).json<Property>();

export const createRentalReadyProperty = (body: PropertyInput): Promise<Property> =>
  http.post('v1/properties/owned/rental-ready', { json: body }).json<Property>();

// The owner's changes to a live listing (ACTIVE, FUNDED) are a revision under review (the
// answer's `revision`); a listing pending review or rejected is changed in place.
export const updateOwnedOffPlan = (propertyId: string, body: OffPlanPropertyUpdate): Promise<PropertyWithRevision> =>
  http.patch(`v1/properties/owned/${id(propertyId)}/off-plan`, { json: body }).json<PropertyWithRevision>();

export const updateOwnedRentalReady = (propertyId: string, body: PropertyUpdate): Promise<PropertyWithRevision> =>
  http.patch(`v1/properties/owned/${id(propertyId)}/rental-ready`, { json: body }).json<PropertyWithRevision>();

/** Up to 5 images (JPEG, PNG, WebP, AVIF), 5 MB each. */
export const uploadPropertyImages = (propertyId: string, files: readonly Blob[], opts: Progress = {}): Promise<PropertyWithRevision> =>
  upload<PropertyWithRevision>(`v1/properties/owned/${id(propertyId)}/images`, filesForm('files', files), { method: 'PATCH', ...opts });

/** Up to 5 PDF documents, 5 MB each. */
export const uploadPropertyDocuments = (propertyId: string, files: readonly Blob[], opts: Progress = {}): Promise<PropertyWithRevision> =>
  upload<PropertyWithRevision>(`v1/properties/owned/${id(propertyId)}/documents`, filesForm('files', files), { method: 'PATCH', ...opts });

/** Removes one image or document of an own listing. */
export const deletePropertyFile = (propertyId: string, fileId: string): Promise<PropertyWithRevision> =>
  http.delete(`v1/properties/owned/${id(propertyId)}/files/${id(fileId)}`).json<PropertyWithRevision>();

/** The order of an own listing's images (the first is the cover) or documents. */
export const setPropertyFileOrder = (propertyId: string, body: FileOrderBody): Promise<PropertyWithRevision> =>
  http.put(`v1/properties/owned/${id(propertyId)}/files/order`, { json: body }).json<PropertyWithRevision>();

/** Applied at once, or held for review when lower than the listing's progress (`progressUpdate.status`, `message`). */
export const updateOffPlanProgress = (propertyId: string, body: ProgressUpdateBody): Promise<ProgressPosted> =>
  http.patch(`v1/properties/offPlan-progress/${id(propertyId)}`, { json: body }).json<ProgressPosted>();

/** Who holds units (the listing's owner and admins). */
export const getActiveInvestments = (propertyId: string): Promise<ActiveInvestments> =>
  http.get(`v1/properties/active-investments/${id(propertyId)}`).json<ActiveInvestments>();

/** The most listings one call of getActiveInvestmentsOf asks for (the server's limit). */
export const ACTIVE_INVESTMENTS_BATCH = 100;

/** Who holds units of several listings, one request per 100 (the owner's active-listings page). Same order as `propertyIds`. */
export async function getActiveInvestmentsOf(propertyIds: string[]): Promise<ActiveInvestments[]> {
  const batches: string[][] = [];
  for (let i = 0; i < propertyIds.length; i += ACTIVE_INVESTMENTS_BATCH) batches.push(propertyIds.slice(i, i + ACTIVE_INVESTMENTS_BATCH));
  const answers = await Promise.all(
    batches.map((ids) =>
      http.get('v1/properties/active-investments', { searchParams: { ids: ids.join(',') } }).json<ActiveInvestments[]>(),
    ),
  );
  return answers.flat();
}

/** The owner's view of one listing, with units sold, amount raised, total value. */
export const getOwnerPropertyView = (propertyId: string): Promise<OwnerPropertyView> =>
  http.get(`v1/properties/owner/${id(propertyId)}`).json<OwnerPropertyView>();
