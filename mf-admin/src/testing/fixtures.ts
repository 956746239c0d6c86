// Domain objects as the API returns them; override what the test is about.
import type {
  AdminSupportThread,
  AuditEntry,
  Holding,
  LedgerEntry,
  Order,
  Page,
  Payout,
  Property,
  PropertyRevision,
  SupportMessage,
  SupportTicket,
  User,
  UserDetail,
} from 'shared-api/contract';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ivy',
    lastName: 'Investor',
    email: 'ivy@example.com',
    role: 'INVESTOR',
    status: 'PENDING',
    emailVerified: true,
    isSubscribed: true,
    onboardingCompleted: true,
    avatar: null,
    country: 'United States',
    phone: '+1 202 555 0143',
    userType: 'INDIVIDUAL',
    businessName: null,
    rejectionReason: null,
    claimableTokens: 15,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...makeUser(),
    kycDocuments: [{ _id: 'f1', url: '/download/f1.png?exp=9999999999&sig=abc', name: 'passport.png', mimeType: 'image/png', size: 20480 }],
    businessDocuments: [],
    questionnaire: null,
    ...overrides,
  };
}

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
    totalQuantity: 1000,
    availableQuantity: 900,
    reservedQuantity: 0,
    soldQuantity: 100,
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

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'ord1',
    investorId: 'u1',
    propertyId: 'p1',
    property: {
      _id: 'p1',
      name: 'Harbor Lofts',
      address: '1 Harbor Way, Boston',
      state: 'MA',
      type: 'RENTAL_READY',
      status: 'ACTIVE',
      images: [],
      unitPrice: 50,
      roiInFiveYears: 40,
      totalQuantity: 1000,
      availableQuantity: 900,
      reservedQuantity: 0,
      soldQuantity: 100,
      suspendedAt: null,
      suspendedReason: null,
    },
    quantity: 10,
    unitPrice: 50,
    amount: 500,
    status: 'PENDING',
    createdAt: '2026-02-01T09:30:00.000Z',
    updatedAt: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}

export function makeHolding(overrides: Partial<Holding> = {}): Holding {
  const order = makeOrder();
  return {
    _id: 'h1',
    investorId: 'u1',
    propertyId: 'p1',
    property: order.property!,
    quantity: 10,
    amountInvested: 500,
    createdAt: '2026-02-02T09:30:00.000Z',
    updatedAt: '2026-02-02T09:30:00.000Z',
    ...overrides,
  };
}

export function makePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    _id: 'pay1',
    userId: 'u1',
    amount: 1250.5,
    status: 'REQUESTED',
    reason: null,
    createdAt: '2026-02-03T12:00:00.000Z',
    decidedAt: null,
    destination: null,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: 'l1',
    userId: 'u1',
    type: 'DEPOSIT',
    amount: 1000,
    balanceAfter: 1000,
    orderId: null,
    propertyId: null,
    payoutId: null,
    checkoutId: null,
    description: 'Card deposit',
    createdAt: '2026-02-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    _id: 't1',
    kind: 'CONTACT',
    userId: null,
    name: 'Sam Sender',
    email: 'sam@example.com',
    phoneNumber: '+1 555 0100',
    subject: 'Question about fees',
    message: 'Hello,\nhow much is the fee?',
    status: 'OPEN',
    createdAt: '2026-02-04T12:00:00.000Z',
    closedAt: null,
    updatedAt: '2026-02-04T12:00:00.000Z',
    assignedTo: null,
    ...overrides,
  };
}

export function makeSupportMessage(overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    _id: 'm1',
    ticketId: 't1',
    authorId: null,
    authorRole: 'PERSON',
    authorName: 'Sam Sender',
    body: 'Hello,\nhow much is the fee?',
    createdAt: '2026-02-04T12:00:00.000Z',
    email: null,
    ...overrides,
  };
}

export function makeAdminThread(overrides: Partial<AdminSupportThread> = {}): AdminSupportThread {
  return { ticket: makeTicket(), messages: [makeSupportMessage()], person: null, assignee: null, ...overrides };
}

export function makeAudit(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    actorId: 'admin1',
    actorEmail: 'admin@tessera.local',
    action: 'user.verify',
    targetType: 'user',
    targetId: 'u1',
    detail: { from: 'PENDING', to: 'VERIFIED' },
    ip: '203.0.113.7',
    createdAt: '2026-02-05T12:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(items: T[], total = items.length, page = 1, pageSize = 20): Page<T> {
  return { items, total, page, pageSize };
}

/** A promise that never settles (a call still loading). */
export const pending = <T>() => new Promise<T>(() => undefined);

/** A live listing's changes under review: a new name and price, an image added as the new cover, one removed, a document moved. */
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
      { field: 'description', from: 'Lofts by the harbor.', to: 'Now with a roof garden.' },
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
    createdAt: '2026-01-03T10:00:00.000Z',
    updatedAt: '2026-01-03T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}
