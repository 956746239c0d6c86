import type { Page, Property, User } from 'shared-api/contract';

export function makeUser(over: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ivan',
    lastName: 'Investor',
    email: 'ivan@example.com',
    role: 'INVESTOR',
    status: 'VERIFIED',
    emailVerified: true,
    isSubscribed: true,
    onboardingCompleted: true,
    avatar: null,
    country: null,
    phone: null,
    userType: null,
    businessName: null,
    rejectionReason: null,
    claimableTokens: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeProperty(over: Partial<Property> = {}): Property {
  const p: Property = {
    _id: 'p1',
    name: 'Harborview Residences',
    address: '210 Seaport Blvd, Boston',
    state: 'MA',
    description: 'A tower on the waterfront.',
    type: 'RENTAL_READY',
    status: 'ACTIVE',
    images: [
      { _id: 'i1', url: '/download/i1.png' },
      { _id: 'i2', url: '/download/i2.png' },
      { _id: 'i3', url: '/download/i3.png' },
    ],
    documents: [],
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
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
  // Units not available are sold unless the test says how many are reserved (issue 16).
  if (over.soldQuantity === undefined) p.soldQuantity = Math.max(0, p.totalQuantity - p.availableQuantity - p.reservedQuantity);
  return p;
}

export function pageOf<T>(items: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 12, ...over };
}
