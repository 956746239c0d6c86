// Where to go after logging in: a same-site path carried in the login URL (?next=).
import { paths } from 'shared-api/contract/basics';

/** The path, when it is a path of this site (never another origin or a protocol). */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a newline, a tab) could smuggle another target past the checks.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  return value;
}

/** /login, remembering where the visitor was heading (and the e-mail to prefill). */
export function loginPath(next?: string | null, opts: { email?: string } = {}): string {
  const q = new URLSearchParams();
  const safe = safeNext(next);
  if (safe) q.set('next', safe);
  if (opts.email) q.set('email', opts.email);
  const s = q.toString();
  return s ? `${paths.login}?${s}` : paths.login;
}

/** /verify for an e-mail address; `sent` when a code has just been e-mailed. */
export function verifyPath(email: string, opts: { sent?: boolean } = {}): string {
  const q = new URLSearchParams();
  if (email) q.set('email', email);
  if (opts.sent) q.set('sent', '1');
  const s = q.toString();
  return s ? `${paths.verify}?${s}` : paths.verify;
}
