// Who does something. A route takes the signed-in person from its request (`actorOf`); a
// job or a test builds an Actor itself. Services take an Actor and their inputs, never
// Fastify's request and reply, so a rule runs the same from a route, a job or a test.
import type { FastifyRequest } from 'fastify';
import type { AdminRole, Role, UserStatus } from 'shared-api/contract';
import { unauthorized } from './http-error';

/** The person a session belongs to (plugins/auth.ts reads it from the database on every call). */
export interface AuthUser {
  id: string;
  role: Role;
  status: UserStatus;
  email: string;
  /** Admins only: what they may do (ADMIN_ACCESS). */
  adminRole: AdminRole | null;
  sessionId: string;
  /** When the person signed in (seconds): refreshed tokens carry it, a session ends sessionMaxHours after it. */
  authTime: number;
}

/** The acting person, as a service needs them: who, in which role and status, and from where (audit trail). */
export interface Actor {
  id: string;
  role: Role;
  status: UserStatus;
  email: string;
  /** The caller's address for the audit trail; '' when the action does not come from a request. */
  ip: string;
  /** The session a request came from (a statement may check it again: the rule session_gate); none for a job. */
  sessionId?: string;
}

/** The signed-in user of a route that ran `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in person of a route that ran `authenticate`, as an Actor. */
export function actorOf(request: FastifyRequest): Actor {
  const u = currentUser(request);
  return { id: u.id, role: u.role, status: u.status, email: u.email, ip: request.ip ?? '', sessionId: u.sessionId };
}

/** The caller of a route open to anonymous calls (`authenticateOptional`): null when anonymous. */
export function viewerOf(request: FastifyRequest): Actor | null {
  return request.user ? actorOf(request) : null;
}
