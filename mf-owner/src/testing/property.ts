import type { ActiveInvestments, Page, Property, PropertyRevision, PropertyWithRevision } from 'shared-api/contract';

/** A listing as the API returns it to its owner (no changes under review); override what the test is about. */
export function makeProperty(overrides: Partial<PropertyWithRevision> = {}): PropertyWithRevision {
  const p: PropertyWithRevision = {
    revision: null,
    _id: 'p1',
    name: 'Maple Court',
    address: '12 Maple St, Austin',
    state: 'TX',
    description: 'Twelve flats near the river.',
    type: 'RENTAL_READY',
    status: 'PENDING_REVIEW',
    images: [],
    documents: [],
    totalQuantity: 1000,
    availableQuantity: 1000,
    reservedQuantity: 0,
    soldQuantity: 0,
    unitPrice: 50,
    roiInFiveYears: 40,
    progress: null,
    progressUpdates: [],
    ownerId: 'owner-1',
    rejectionReason: null,
    suspendedAt: null,
    suspendedReason: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
  // Units not available are sold unless the test says how many are reserved (issue 16).
  if (overrides.soldQuantity === undefined) p.soldQuantity = Math.max(0, p.totalQuantity - p.availableQuantity - p.reservedQuantity);
  return p;
}

export function pageOf<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 12, ...overrides };
}

export function noInvestors(propertyId: string): ActiveInvestments {
  return { propertyId, unitsSold: 0, investors: [] };
}

/** A listing as its owner reads it: with its revision (none by default). */
export function withRev(p: Property, revision: PropertyRevision | null = null): PropertyWithRevision {
  return { ...p, revision };
}

/** A revision of a live listing; override what the test is about. */
export function makeRevision(overrides: Partial<PropertyRevision> = {}): PropertyRevision {
  return {
    _id: 'rev-1',
    propertyId: 'p1',
    propertyName: 'Maple Court',
    status: 'PENDING',
    proposed: {},
    images: [],
    documents: [],
    fieldChanges: [],
    fileChanges: [],
    coverChanged: false,
    reason: null,
    createdAt: '2026-01-03T10:00:00.000Z',
    updatedAt: '2026-01-03T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}
