import type { ActiveInvestments, Page, Property } from 'shared-api/contract';

/** A listing as the API returns it; override what the test is about. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  return {
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
}

export function pageOf<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 12, ...overrides };
}

export function noInvestors(propertyId: string): ActiveInvestments {
  return { propertyId, unitsSold: 0, investors: [] };
}
