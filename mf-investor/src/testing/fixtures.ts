// Domain objects as the API returns them; override what the test is about.
import type {
  Checkout,
  Holding,
  LedgerEntry,
  Order,
  Page,
  Payout,
  PropertySummary,
  SupportMessage,
  SupportTicket,
  User,
  UserMetrics,
  Wallet,
} from 'shared-api/contract';
import { ApiError } from 'shared-api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ivan',
    lastName: 'Investor',
    email: 'investor@tessera.local',
    role: 'INVESTOR',
    status: 'VERIFIED',
    emailVerified: true,
    isSubscribed: true,
    onboardingCompleted: true,
    avatar: null,
    country: 'United States',
    phone: '+1 512 555 0100',
    userType: 'INDIVIDUAL',
    businessName: null,
    rejectionReason: null,
    claimableTokens: 15,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<PropertySummary> = {}): PropertySummary {
  return {
    _id: 'p1',
    name: 'Harborview Residences',
    address: '100 Harbor Blvd, Miami',
    state: 'FL',
    type: 'RENTAL_READY',
    status: 'ACTIVE',
    images: [{ _id: 'i1', url: '/download/harbor.webp' }],
    unitPrice: 50,
    roiInFiveYears: 40,
    totalQuantity: 2000,
    availableQuantity: 1500,
    reservedQuantity: 0,
    soldQuantity: 500,
    suspendedAt: null,
    suspendedReason: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    investorId: 'u1',
    propertyId: 'p1',
    property: makeSummary(),
    quantity: 4,
    unitPrice: 50,
    amount: 200,
    status: 'PENDING',
    reason: null,
    decidedAt: null,
    createdAt: '2026-03-07T15:00:00.000Z',
    updatedAt: '2026-03-07T15:00:00.000Z',
    ...overrides,
  };
}

export function makeHolding(overrides: Partial<Holding> = {}): Holding {
  return {
    _id: 'h1',
    investorId: 'u1',
    propertyId: 'p1',
    property: makeSummary(),
    quantity: 40,
    amountInvested: 2000,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: 'e1',
    userId: 'u1',
    type: 'DEPOSIT',
    amount: 500,
    balanceAfter: 1500,
    orderId: null,
    propertyId: null,
    payoutId: null,
    checkoutId: 'c1',
    description: 'Deposit via sandbox',
    createdAt: '2026-03-07T15:00:00.000Z',
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { userId: 'u1', balance: 1234.5, held: 200, currency: 'USD', ...overrides };
}

export function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    _id: 'c1',
    purpose: 'DEPOSIT',
    amount: 500,
    status: 'OPEN',
    checkoutUrl: 'http://pay.test/v1/payments/sandbox/c1',
    createdAt: '2026-03-07T15:00:00.000Z',
    ...overrides,
  };
}

export function makePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    _id: 'w1',
    userId: 'u1',
    amount: 100,
    status: 'REQUESTED',
    reason: null,
    createdAt: '2026-03-07T15:00:00.000Z',
    decidedAt: null,
    destination: null,
    ...overrides,
  };
}

export function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    _id: 't1',
    kind: 'TICKET',
    userId: 'u1',
    name: null,
    email: null,
    phoneNumber: null,
    subject: 'Withdrawal timing',
    message: 'When will my withdrawal be paid?',
    status: 'OPEN',
    createdAt: '2026-03-07T15:00:00.000Z',
    closedAt: null,
    updatedAt: '2026-03-07T15:00:00.000Z',
    assignedTo: null,
    ...overrides,
  };
}

export function makeSupportMessage(overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    _id: 'm1',
    ticketId: 't1',
    authorId: 'u1',
    authorRole: 'PERSON',
    authorName: 'You',
    body: 'When will my withdrawal be paid?',
    createdAt: '2026-03-07T15:00:00.000Z',
    email: null,
    ...overrides,
  };
}

export function makeMetrics(overrides: Partial<UserMetrics> = {}): UserMetrics {
  return {
    portfolioValue: 0,
    totalInvested: 0,
    holdingsCount: 0,
    walletBalance: 0,
    pendingOrders: 0,
    claimableTokens: 0,
    allocationByProperty: [],
    allocationByType: [],
    investedOverTime: [],
    listingsByStatus: {},
    unitsSold: 0,
    unitsReserved: 0,
    amountRaised: 0,
    payoutsReceived: 0,
    ...overrides,
  };
}

export function pageOf<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 10, ...overrides };
}

export const serverDown = () => new ApiError(503, { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' });
