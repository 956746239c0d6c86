// Query strings without the unset fields.
export type QueryValue = string | number | boolean | null | undefined;

export function query(params: object = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params as Record<string, QueryValue>)) {
    if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  }
  return out;
}

export const id = (value: string): string => encodeURIComponent(value);

/** A FormData with the files under one field name. */
export function filesForm(field: 'file' | 'files', files: readonly Blob[]): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, f);
  return form;
}

/** The Idempotency-Key header of a money call, when the caller gave a key. */
export function idempotencyHeaders(opts: { idempotencyKey?: string } = {}): Record<string, string> {
  return opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {};
}
