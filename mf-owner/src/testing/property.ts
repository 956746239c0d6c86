import type { ActiveInvestments, Page, Property } from 'shared-api/contract';

/** A listing as the API returns it; override what the test is about. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  const p: Property = {
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
