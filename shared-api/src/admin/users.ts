// /v1/users: admins' user management (lists, details, edits, verification).
import type { AdminUpdateUserBody, MessageResult, Page, SentForApproval, User, UserDetail, UsersQuery, VerifyUserBody } from '../contract';
import { http } from 'shared-api';
import { orSentForApproval } from './approvals';
import { id, query } from '../endpoints/query';

export const getUsers = (q: UsersQuery = {}): Promise<Page<User>> => http.get('v1/users', { searchParams: query(q) }).json<Page<User>>();

export const getUser = (userId: string): Promise<UserDetail> => http.get(`v1/users/${id(userId)}`).json<UserDetail>();

export const updateUser = (userId: string, body: AdminUpdateUserBody): Promise<UserDetail> =>
  http.patch(`v1/users/${id(userId)}`, { json: body }).json<UserDetail>();

/** Success message "User deleted" (spec 7). */
export const deleteUser = (userId: string): Promise<MessageResult> => http.delete(`v1/users/${id(userId)}`).json<MessageResult>();

/** Where four eyes holds verification, verifying answers the request sent to a second admin. */
export const verifyUser = (userId: string, body: VerifyUserBody): Promise<User | SentForApproval> =>
  orSentForApproval(http.patch(`v1/users/verify/${id(userId)}`, { json: body }));
