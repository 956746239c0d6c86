// /v1/admin (spec 7): admin accounts, platform figures, the audit trail.
import type {
  AdminInvestorMetrics,
  AdminListingMetrics,
  AdminMetrics,
  AdminOwnerMetrics,
  AuditEntry,
  AuditQuery,
  MessageResult,
  Page,
  UpdateMeBody,
  User,
  UserDetail,
} from '../contract';
import { http } from '../client';
import { id, query } from './query';

export const getAdminMe = (): Promise<User> => http.get('v1/admin/me').json<User>();

export const updateAdminMe = (body: UpdateMeBody): Promise<User> => http.patch('v1/admin/me', { json: body }).json<User>();

export const getAdmin = (adminId: string): Promise<UserDetail> => http.get(`v1/admin/${id(adminId)}`).json<UserDetail>();

export const deleteAdmin = (adminId: string): Promise<MessageResult> => http.delete(`v1/admin/${id(adminId)}`).json<MessageResult>();

export const getAdminMetrics = (): Promise<AdminMetrics> => http.get('v1/admin/metrics').json<AdminMetrics>();

export const getAdminInvestorMetrics = (): Promise<AdminInvestorMetrics> =>
  http.get('v1/admin/metrics/investor').json<AdminInvestorMetrics>();

export const getAdminListingMetrics = (): Promise<AdminListingMetrics> => http.get('v1/admin/metrics/listing').json<AdminListingMetrics>();

export const getAdminOwnerMetrics = (): Promise<AdminOwnerMetrics> => http.get('v1/admin/metrics/owner').json<AdminOwnerMetrics>();

export const getAuditLog = (q: AuditQuery = {}): Promise<Page<AuditEntry>> =>
  http.get('v1/admin/audit', { searchParams: query(q) }).json<Page<AuditEntry>>();
