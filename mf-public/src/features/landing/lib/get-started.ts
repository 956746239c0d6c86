import { paths } from 'shared-api/contract/basics';
import type { User } from 'shared-api/contract';

/**
 * Spec 2: the hero's Get started sends a visitor to /signup, an investor to
 * /#subscribe, a property owner to listing creation; it is hidden when logged in.
 */
export function getStartedPath(user: Pick<User, 'role'> | null): string | null {
  if (!user) return paths.signup;
  if (user.role === 'INVESTOR') return paths.homeSubscribe;
  if (user.role === 'PROPERTY_OWNER') return paths.createListing;
  return null;
}

export function showGetStarted(user: unknown): boolean {
  return !user;
}

/** What a signed-in user is offered in the hero instead (the same destinations). */
export function signedInAction(user: Pick<User, 'role' | 'isSubscribed'>): { label: string; to: string } {
  if (user.role === 'INVESTOR' && !user.isSubscribed) return { label: 'Subscribe', to: paths.homeSubscribe };
  if (user.role === 'PROPERTY_OWNER') return { label: 'List a property', to: paths.createListing };
  return { label: 'Go to your dashboard', to: paths.dashboard };
}
