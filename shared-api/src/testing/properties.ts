// Listings as the API returns them: the default is p1, Harbor Lofts, a live listing of
// o1's with 2,000 units at $50 of which 500 are sold; override what the test is about.
import type { ActiveInvestments, Property, PropertyRevision, PropertySummary, PropertyWithRevision } from '../contract';

export function makeProperty(overrides: Partial<Property> = {}): Property {
  const p: Property = {
    _id: 'p1',
    name: 'Harbor Lofts',
    address: '1 Harbor Way, Boston',
    state: 'MA',
    description: 'Lofts by the water.',
    type: 'RENTAL_READY',
    status: 'ACTIVE',
    images: [
      { _id: 'i1', url: '/download/i1.webp', srcset: '/download/i1-480.webp 480w, /download/i1.webp 1200w', width: 1200, height: 800 },
    ],
    documents: [{ _id: 'd1', url: '/download/d1.pdf', name: 'title-deed.pdf', mimeType: 'application/pdf', size: 4096 }],
    totalQuantity: 2000,
    availableQuantity: 1500,
    reservedQuantity: 0,
    soldQuantity: 500,
    unitPrice: 50,
    roiInFiveYears: 40,
    progress: null,
    progressUpdates: [],
    ownerId: 'o1',
    rejectionReason: null,
    suspendedAt: null,
    suspendedReason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-06T10:00:00.000Z',
    ...overrides,
  };
  // Units not available are sold unless the test says how many are reserved (issue 16).
  if (overrides.soldQuantity === undefined) p.soldQuantity = Math.max(0, p.totalQuantity - p.availableQuantity - p.reservedQuantity);
  return p;
}

/** The listing as orders and holdings carry it. */
export function makeSummary(overrides: Partial<PropertySummary> = {}): PropertySummary {
  const p = makeProperty(overrides);
  return {
    _id: p._id,
    name: p.name,
    address: p.address,
    state: p.state,
    type: p.type,
    status: p.status,
    images: p.images,
    unitPrice: p.unitPrice,
    roiInFiveYears: p.roiInFiveYears,
    totalQuantity: p.totalQuantity,
    availableQuantity: p.availableQuantity,
    reservedQuantity: p.reservedQuantity,
    soldQuantity: p.soldQuantity,
    suspendedAt: p.suspendedAt,
    suspendedReason: p.suspendedReason,
  };
}

/** A listing as its owner reads it: with its revision (none by default). */
export function withRev(p: Property, revision: PropertyRevision | null = null): PropertyWithRevision {
  return { ...p, revision };
}

/**
 * A listing as its owner reads it (the owner's endpoints, with its revision): by default p1
 * just created, waiting for an admin's review, no files uploaded yet, nothing sold and no
 * changes pending.
 */
export function makeListing({ revision = null, progressReview, ...overrides }: Partial<PropertyWithRevision> = {}): PropertyWithRevision {
  const totalQuantity = overrides.totalQuantity ?? makeProperty().totalQuantity;
  const listing = withRev(
    makeProperty({ status: 'PENDING_REVIEW', availableQuantity: totalQuantity, images: [], documents: [], ...overrides }),
    revision,
  );
  return progressReview === undefined ? listing : { ...listing, progressReview };
}

/** Changes to the live listing under review: a new name and description, an image added as the new cover, one removed, a document moved. */
export function makeRevision(overrides: Partial<PropertyRevision> = {}): PropertyRevision {
  return {
    _id: 'rev-1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    status: 'PENDING',
    proposed: { name: 'Harbor Lofts II', description: 'Now with a roof garden.' },
    images: [
      { _id: 'img-new', url: '/download/img-new.webp?exp=1&sig=x' },
      { _id: 'img-1', url: '/download/img-1.webp' },
    ],
    documents: [],
    fieldChanges: [
      { field: 'name', from: 'Harbor Lofts', to: 'Harbor Lofts II' },
      { field: 'description', from: 'Lofts by the water.', to: 'Now with a roof garden.' },
    ],
    fileChanges: [
      {
        kind: 'IMAGE',
        change: 'ADDED',
        fileId: 'img-new',
        name: 'roof-garden.png',
        url: '/download/img-new.webp?exp=1&sig=x',
        from: null,
        to: 1,
      },
      { kind: 'IMAGE', change: 'REMOVED', fileId: 'img-2', name: 'old-lobby.png', url: '/download/img-2.webp', from: 2, to: null },
      { kind: 'DOCUMENT', change: 'MOVED', fileId: 'doc-2', name: 'valuation.pdf', url: '/download/doc-2.pdf', from: 2, to: 1 },
    ],
    coverChanged: true,
    reason: null,
    createdAt: '2026-01-07T10:00:00.000Z',
    updatedAt: '2026-01-07T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function noInvestors(propertyId: string): ActiveInvestments {
  return { propertyId, unitsSold: 0, investors: [] };
}
