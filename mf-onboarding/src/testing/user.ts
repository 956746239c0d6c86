import type { User } from 'shared-api/contract';

/** A user as the API returns it; override what the test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'PROPERTY_OWNER',
    status: 'PENDING',
    emailVerified: true,
    isSubscribed: false,
    onboardingCompleted: false,
    avatar: null,
    country: null,
    phone: null,
    userType: null,
    businessName: null,
    rejectionReason: null,
    claimableTokens: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
