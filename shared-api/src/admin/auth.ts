// POST /v1/auth/signup/admin: a super admin creates another admin.
import type { AdminSignupBody, SentForApproval, SignupResult } from '../contract';
import { http } from 'shared-api';
import { orSentForApproval } from './approvals';

/** Super admins only; `adminRole` defaults to SUPPORT (the least privilege). With four eyes
 *  (and two admins already) the request waits for a second admin. */
export const signupAdmin = (body: AdminSignupBody): Promise<SignupResult | SentForApproval> =>
  orSentForApproval(http.post('v1/auth/signup/admin', { json: body }));
