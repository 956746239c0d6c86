// /v1/admin: admin accounts, platform figures, the audit trail, the team, verification cases.
import type {
  SentForApproval,
  AdminRole,
  TeamMember,
  AdminInvestorMetrics,
  AdminListingMetrics,
  AdminMetrics,
  AdminOwnerMetrics,
  AdminSearchResults,
  AuditEntry,
  AuditExportQuery,
  AuditQuery,
  IntegrityReport,
  KycCase,
  KycCaseNote,
  KycCasesQuery,
  KycCaseSummary,
  KycDecisionBody,
  KycDocumentView,
  KycNoteBody,
  MessageResult,
  Page,
  UpdateMeBody,
  User,
  UserDetail,
} from '../contract';
import { http } from 'shared-api';
import { orSentForApproval } from './approvals';
import { id, query } from '../endpoints/query';

/** The integrity check: the money invariants and the chain's differences from the holdings. */
export const getIntegrity = (): Promise<IntegrityReport> => http.get('v1/admin/integrity').json<IntegrityReport>();

/** The console's search: people, properties and orders the admin's role may read. */
export const searchAdmin = (q: string, signal?: AbortSignal): Promise<AdminSearchResults> =>
  http.get('v1/admin/search', { searchParams: { q }, signal }).json<AdminSearchResults>();

export const getAdminMe = (): Promise<User> => http.get('v1/admin/me').json<User>();

export const updateAdminMe = (body: UpdateMeBody): Promise<User> => http.patch('v1/admin/me', { json: body }).json<User>();

export const getAdmin = (adminId: string): Promise<UserDetail> => http.get(`v1/admin/${id(adminId)}`).json<UserDetail>();

export const deleteAdmin = (adminId: string): Promise<MessageResult> => http.delete(`v1/admin/${id(adminId)}`).json<MessageResult>();

export const getAdminMetrics = (): Promise<AdminMetrics> => http.get('v1/admin/metrics').json<AdminMetrics>();

export const getAdminInvestorMetrics = (): Promise<AdminInvestorMetrics> =>
  http.get('v1/admin/metrics/investor').json<AdminInvestorMetrics>();

export const getAdminListingMetrics = (): Promise<AdminListingMetrics> => http.get('v1/admin/metrics/listing').json<AdminListingMetrics>();

export const getAdminOwnerMetrics = (): Promise<AdminOwnerMetrics> => http.get('v1/admin/metrics/owner').json<AdminOwnerMetrics>();

/** Every audit row matching the filters, as a CSV file (streamed by the server). */
export const exportAuditCsv = (q: AuditExportQuery = {}): Promise<Blob> =>
  http.get('v1/admin/audit.csv', { searchParams: query(q) }).blob();

export const getAuditLog = (q: AuditQuery = {}): Promise<Page<AuditEntry>> =>
  http.get('v1/admin/audit', { searchParams: query(q) }).json<Page<AuditEntry>>();

/** Super admins: every admin and their admin role. */
export const getTeam = (): Promise<TeamMember[]> => http.get('v1/admin/team').json<TeamMember[]>();

/** Super admins: give another admin a different admin role. */
export const changeAdminRole = (adminId: string, adminRole: AdminRole): Promise<TeamMember | SentForApproval> =>
  orSentForApproval(http.patch(`v1/admin/team/${id(adminId)}/role`, { json: { adminRole } }));

/** Submitted cases, oldest first. */
export const getKycCases = (q: KycCasesQuery = {}): Promise<Page<KycCaseSummary>> =>
  http.get('v1/admin/cases', { searchParams: query(q) }).json<Page<KycCaseSummary>>();

export const getKycCase = (caseId: string): Promise<KycCase> => http.get(`v1/admin/cases/${id(caseId)}`).json<KycCase>();

/** A short-lived link to view one of the case's documents (each call is audited). */
export const viewKycDocument = (caseId: string, fileId: string): Promise<KycDocumentView> =>
  http.get(`v1/admin/cases/${id(caseId)}/documents/${id(fileId)}`).json<KycDocumentView>();

/** With four eyes, approving with a check not ticked waits for a second admin. */
export const decideKycCase = (caseId: string, body: KycDecisionBody): Promise<KycCase | SentForApproval> =>
  orSentForApproval(http.post(`v1/admin/cases/${id(caseId)}/decision`, { json: body }));

export const addKycCaseNote = (caseId: string, body: KycNoteBody): Promise<KycCaseNote> =>
  http.post(`v1/admin/cases/${id(caseId)}/notes`, { json: body }).json<KycCaseNote>();
