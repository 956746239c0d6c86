import { paths } from 'shared-api/contract/basics';
import type { User } from 'shared-api/contract';
import { safeNext } from '../../../lib/next-path';

/** The server refuses resending a code within this many seconds. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** After signing in: onboarding until it is done (investors and owners), else where they were heading or the dashboard. */
export function destinationAfterLogin(user: Pick<User, 'role' | 'onboardingCompleted'>, next?: string | null): string {
  if (user.role !== 'ADMIN' && !user.onboardingCompleted) return paths.onboarding;
  const target = safeNext(next);
  if (!target || target.startsWith(paths.login) || target.startsWith(paths.signup) || target.startsWith(paths.verify))
    return paths.dashboard;
  return target;
}

/** Keeps only digits, at most six: the shape of an e-mailed code. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export const CODE_MESSAGE = 'Please enter the 6-digit code from the e-mail';
