// Human words for the console's own filters and for codes without a label. The API's
// statuses, kinds and audit actions are named once for every app: 'shared-api/labels'.

export const SUPPORT_ASSIGNEE_LABELS = { me: 'Assigned to me', unassigned: 'Unassigned' } as const;

/** Any code in sentence case: "PENDING_REVIEW" → "Pending review". */
export function codeLabel(code: string): string {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}
