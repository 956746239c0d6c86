// Verification cases: a case per submission of identity (KYC, investors) or business (KYB,
// owners) documents, reviewed by an admin with a checklist and decided with a reason code.
export const KYC_CASE_KINDS = ['KYC', 'KYB'] as const;
export type KycCaseKind = (typeof KYC_CASE_KINDS)[number];
export const KYC_CASE_KIND_LABELS: Record<KycCaseKind, string> = { KYC: 'KYC (investor)', KYB: 'KYB (owner)' };

export const KYC_CASE_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type KycCaseStatus = (typeof KYC_CASE_STATUSES)[number];
export const KYC_CASE_STATUS_LABELS: Record<KycCaseStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** What a reviewer confirms before deciding; owners' cases add the company checks. */
export const KYC_CHECKLIST_ITEMS = [
  'IDENTITY_LEGIBLE',
  'NAME_MATCHES',
  'ADDRESS_PROOF',
  'SANCTIONS_PEP_SCREENED',
  'COMPANY_DOCUMENTS',
  'OWNERSHIP_DOCUMENTS',
] as const;
export type KycChecklistItem = (typeof KYC_CHECKLIST_ITEMS)[number];
export const KYC_CHECKLIST_LABELS: Record<KycChecklistItem, string> = {
  IDENTITY_LEGIBLE: 'Identity document is legible and in date',
  NAME_MATCHES: 'Name on the document matches the account',
  ADDRESS_PROOF: 'Proof of address checked',
  SANCTIONS_PEP_SCREENED: 'Sanctions and PEP screening confirmed',
  COMPANY_DOCUMENTS: 'Company registration documents checked',
  OWNERSHIP_DOCUMENTS: 'Ownership of the company (beneficial owners) checked',
};
export const KYC_CHECKLIST: Record<KycCaseKind, readonly KycChecklistItem[]> = {
  KYC: ['IDENTITY_LEGIBLE', 'NAME_MATCHES', 'ADDRESS_PROOF', 'SANCTIONS_PEP_SCREENED'],
  KYB: ['IDENTITY_LEGIBLE', 'NAME_MATCHES', 'ADDRESS_PROOF', 'SANCTIONS_PEP_SCREENED', 'COMPANY_DOCUMENTS', 'OWNERSHIP_DOCUMENTS'],
};

export const KYC_REJECTION_REASONS = [
  'DOCUMENT_UNREADABLE',
  'NAME_MISMATCH',
  'EXPIRED_DOCUMENT',
  'ADDRESS_UNVERIFIED',
  'SANCTIONS_HIT',
  'OTHER',
] as const;
export type KycRejectionReason = (typeof KYC_REJECTION_REASONS)[number];
/** Short labels for the console. */
export const KYC_REJECTION_REASON_LABELS: Record<KycRejectionReason, string> = {
  DOCUMENT_UNREADABLE: 'Document unreadable',
  NAME_MISMATCH: 'Name mismatch',
  EXPIRED_DOCUMENT: 'Expired document',
  ADDRESS_UNVERIFIED: 'Address not verified',
  SANCTIONS_HIT: 'Sanctions or PEP match',
  OTHER: 'Other',
};
/** What the person is told, in plain words. */
export const KYC_REJECTION_REASON_TEXT: Record<KycRejectionReason, string> = {
  DOCUMENT_UNREADABLE: 'We could not read your document. Please upload a clear, complete photo or scan.',
  NAME_MISMATCH: 'The name on your document does not match the name on your account.',
  EXPIRED_DOCUMENT: 'Your document has expired. Please upload one that is still valid.',
  ADDRESS_UNVERIFIED: 'We could not confirm your address. Please upload a recent proof of address.',
  SANCTIONS_HIT: 'We cannot verify your account at this time.',
  OTHER: 'We could not verify your documents.',
};

export type KycDecision = 'APPROVE' | 'REJECT';
export type KycChecklist = Partial<Record<KycChecklistItem, boolean>>;

/** A submitted case in the queue. */
export interface KycCaseSummary {
  _id: string;
  userId: string;
  name: string;
  email: string;
  kind: KycCaseKind;
  status: KycCaseStatus;
  documentCount: number;
  submittedAt: string;
}

export interface KycCaseNote {
  _id: string;
  authorId: string;
  authorEmail: string;
  body: string;
  createdAt: string;
}

export interface KycCaseDocument {
  _id: string;
  kind: 'KYC' | 'BUSINESS_KYC';
  originalName: string;
  mimeType: string;
  createdAt: string;
}

/** A case with its person, documents, checklist, decision, notes and the person's earlier cases. */
export interface KycCase extends KycCaseSummary {
  checklist: KycChecklist;
  decidedAt: string | null;
  decidedBy: string | null;
  reasonCode: KycRejectionReason | null;
  decisionNote: string | null;
  userStatus: string;
  onboardingCompleted: boolean;
  documents: KycCaseDocument[];
  notes: KycCaseNote[];
  history: KycCaseSummary[];
}

/** One view of a document: a short-lived link, each request audited. */
export interface KycDocumentView {
  url: string;
  mimeType: string;
  originalName: string;
}

/** The columns the case queue sorts by (default submittedAt, ascending: the longest wait first). */
export const KYC_CASE_SORTS = ['submittedAt', 'name', 'email', 'kind'] as const;
export type KycCaseSort = (typeof KYC_CASE_SORTS)[number];

export interface KycCasesQuery {
  sort?: KycCaseSort;
  order?: 'asc' | 'desc';
  kind?: KycCaseKind;
  page?: number;
  pageSize?: number;
}

export interface KycDecisionBody {
  decision: KycDecision;
  reasonCode?: KycRejectionReason;
  note?: string;
  checklist?: KycChecklist;
}

export interface KycNoteBody {
  body: string;
}

/** The errors a reviewer or the person sees (tests import them). */
export const KYC_MESSAGES = {
  verifyNeedsOnboarding: 'This person cannot be verified yet: they have not completed onboarding.',
  verifyNeedsDocuments: 'This person cannot be verified yet: they have not submitted their documents.',
  caseNotFound: 'Case not found',
  caseAlreadyDecided: 'This case has already been decided.',
  rejectNeedsReason: 'Choose a reason for the rejection.',
  documentNotInCase: 'This document is not part of the case.',
} as const;
