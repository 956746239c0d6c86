// The server's half of the rule table of what each verification status may do
// (shared-api/src/contract/status-rules.ts): a preHandler per route that does one of those
// things. The status comes from the database on every call (plugins/auth.ts), so a
// rejection takes effect at once. The money half is in the triggers of migration 0040.
import type { FastifyRequest } from 'fastify';
import type { AccountAction } from 'shared-api/contract';
import { statusRefusal } from 'shared-api/contract/dashboard';
import { currentUser } from './actor';
import { forbidden } from './http-error';

export function requireStatusFor(action: AccountAction) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = currentUser(request);
    const refusal = statusRefusal(user.role, user.status, action);
    if (refusal) throw forbidden(refusal);
  };
}
