// /v1/approvals: four eyes, the admin actions waiting for a second admin.
import type { ApprovalRequest, ApprovalsQuery, SentForApproval } from '../contract';
import { http } from 'shared-api';
import { id, query } from '../endpoints/query';

export const getApprovals = (q: ApprovalsQuery = {}): Promise<ApprovalRequest[]> =>
  http.get('v1/approvals', { searchParams: query(q) }).json<ApprovalRequest[]>();

/** Runs another admin's request (APPROVED), or answers it FAILED with the reason. */
export const approveApproval = (approvalId: string): Promise<ApprovalRequest> =>
  http.post(`v1/approvals/${id(approvalId)}/approve`).json<ApprovalRequest>();

export const rejectApproval = (approvalId: string, note: string): Promise<ApprovalRequest> =>
  http.post(`v1/approvals/${id(approvalId)}/reject`, { json: { note } }).json<ApprovalRequest>();

/** The requester withdraws their own pending request. */
export const cancelApproval = (approvalId: string): Promise<ApprovalRequest> =>
  http.post(`v1/approvals/${id(approvalId)}/cancel`).json<ApprovalRequest>();

/** A gated call's answer: its usual body, or (202) the request now waiting for a second admin. */
export async function orSentForApproval<T>(response: Promise<Response>): Promise<T | SentForApproval> {
  const res = await response;
  const body: unknown = await res.json();
  return res.status === 202 ? { sentForApproval: body as ApprovalRequest } : (body as T);
}
