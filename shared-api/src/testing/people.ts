// People as the API returns them: the default is u1, Ivy Investor, a verified investor who
// finished onboarding; override what the test is about.
import type { AuditEntry, User, UserDetail, UserMetrics } from '../contract';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ivy',
    lastName: 'Investor',
    email: 'ivy@example.com',
    role: 'INVESTOR',
    status: 'VERIFIED',
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

/** u1 right after signing up (e-mail confirmed): not onboarded, so not verified, no details on file. */
export function makeNewUser(overrides: Partial<User> = {}): User {
  return makeUser({
    status: 'PENDING',
    isSubscribed: false,
    onboardingCompleted: false,
    country: null,
    phone: null,
    userType: null,
    claimableTokens: 0,
    ...overrides,
  });
}

/** A person as an admin reads them: one identity document, no questionnaire yet. */
export function makeUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...makeUser(),
    kycDocuments: [{ _id: 'f1', url: '/download/f1.png?exp=9999999999&sig=abc', name: 'passport.png', mimeType: 'image/png', size: 20480 }],
    businessDocuments: [],
    questionnaire: null,
    ...overrides,
  };
}

/** The dashboard's figures of someone with nothing yet. */
export function makeMetrics(overrides: Partial<UserMetrics> = {}): UserMetrics {
  return {
    portfolioValue: 0,
    accountValue: 0,
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

/** An admin verified u1. */
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
