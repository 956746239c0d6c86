// Validation rules of spec 5 with their exact messages. Used by the forms and by
// the server, so both refuse the same input with the same words.
import {
  CONTACT_FIELD_MAX,
  FILE_NAME_DISPLAY_LIMIT,
  PASSWORD_MIN_LENGTH,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
} from './constants';
import type { EntityType, Role } from './enums';
import { MESSAGES } from './messages';

/** Spec 5: text, at sign, text, dot, text. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns the e-mail's message, or null when it is acceptable. */
export function validateEmail(email: string): string | null {
  if (!email || email.trim() === '') return MESSAGES.emailEmpty;
  if (!EMAIL_SHAPE.test(email.trim())) return MESSAGES.emailInvalid;
  return null;
}

/** Every failed password rule, in the spec's order (empty when the password passes). */
export function validatePassword(password: string): string[] {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(MESSAGES.passwordLength);
  if (!/[a-z]/.test(password)) errors.push(MESSAGES.passwordLower);
  if (!/[0-9]/.test(password)) errors.push(MESSAGES.passwordNumber);
  if (!/[A-Z]/.test(password)) errors.push(MESSAGES.passwordUpper);
  return errors;
}

/** Spec 5: "A digits-only check and a numeric check (optional sign then digits) exist." */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}
export function isNumeric(value: string): boolean {
  return /^[+-]?\d+$/.test(value);
}

export interface SignupForm {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
  user_type: string;
  agreement: boolean;
}

export interface SignupErrors {
  form?: string;
  email?: string;
  password: string[];
  confirm_password?: string;
}

/** Sign-up rules in the spec's order; `ok` when the form may be sent. */
export function validateSignup(f: SignupForm): SignupErrors & { ok: boolean } {
  const required = [f.first_name, f.last_name, f.email, f.password, f.confirm_password, f.user_type];
  if (required.some((v) => !v || v.trim() === '')) {
    return { ok: false, form: MESSAGES.fillAllFields, password: [] };
  }
  const email = validateEmail(f.email) ?? undefined;
  const password = validatePassword(f.password);
  const confirm_password = f.confirm_password !== f.password ? MESSAGES.passwordsDiffer : undefined;
  return { ok: !email && password.length === 0 && !confirm_password && f.agreement, email, password, confirm_password };
}

export interface OnboardingForm {
  user_type: EntityType | '';
  business_name: string;
  nationality: string;
  phone_number: string;
  accept_condition: boolean;
  idFile: unknown | null;
  businessFile: unknown | null;
}

export interface OnboardingContext {
  role: Role;
  isSubscribed: boolean;
  /** Real phone check against the chosen country; blank phones never reach it. */
  isValidPhone?: (phone: string, nationality: string) => boolean;
}

/** The first failing onboarding rule, in exactly the spec's order, or null. */
export function validateOnboarding(f: OnboardingForm, ctx: OnboardingContext): string | null {
  if (!f.user_type) return MESSAGES.selectUserType;
  if (!f.nationality) return MESSAGES.selectNationality;
  if (!f.phone_number.trim()) return MESSAGES.invalidPhone;
  if (ctx.isValidPhone && !ctx.isValidPhone(f.phone_number, f.nationality)) return MESSAGES.invalidPhone;
  if (ctx.role === 'INVESTOR' && !ctx.isSubscribed) return MESSAGES.completeSubscription;
  if (f.user_type === 'BUSINESS_ENTITY' && !f.business_name.trim()) return MESSAGES.businessName;
  if (f.user_type === 'BUSINESS_ENTITY' && !f.businessFile) return MESSAGES.businessDocuments;
  if (!f.idFile) return MESSAGES.identityCard;
  return null;
}

/** Characters the phone field accepts while typing. */
export const PHONE_ALLOWED = /^[0-9+\-() ]*$/;

export interface ContactForm {
  name: string;
  phoneNumber: string;
  email: string;
  subject: string;
  message: string;
}

export function validateContact(f: ContactForm): string | null {
  const values = [f.name, f.phoneNumber, f.email, f.subject, f.message];
  if (values.some((v) => !v || v.trim() === '')) return MESSAGES.contactRequired;
  return null;
}
export const CONTACT_LIMITS = {
  name: CONTACT_FIELD_MAX,
  phoneNumber: CONTACT_FIELD_MAX,
  email: CONTACT_FIELD_MAX,
  subject: CONTACT_FIELD_MAX,
} as const;

/** Questionnaire income: digits only or empty. */
export function isValidIncomeInput(value: string): boolean {
  return value === '' || isDigitsOnly(value);
}

// ---- Files (spec 5) ----
export type FileKind = 'images' | 'pdf' | 'pdf+images';
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PDF_MIME_TYPE = 'application/pdf';

export function allowedMimeTypes(kind: FileKind): readonly string[] {
  if (kind === 'images') return IMAGE_MIME_TYPES;
  if (kind === 'pdf') return [PDF_MIME_TYPE];
  return [...IMAGE_MIME_TYPES, PDF_MIME_TYPE];
}

export function fileTypeMessage(kind: FileKind): string {
  if (kind === 'images') return MESSAGES.onlyImages;
  if (kind === 'pdf') return MESSAGES.onlyPdf;
  return MESSAGES.pdfOrImages;
}

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/**
 * Checks a selection against the upload rules: type, size (5 MB; the single-file
 * message always says 5MB) and count. Returns the first message, or null.
 */
export function validateFiles(
  files: readonly FileLike[],
  kind: FileKind = 'images',
  opts: { maxFiles?: number; alreadySelected?: number } = {},
): string | null {
  const maxFiles = opts.maxFiles ?? UPLOAD_MAX_FILES;
  if (files.length + (opts.alreadySelected ?? 0) > maxFiles) return MESSAGES.tooManyFiles(maxFiles);
  const allowed = allowedMimeTypes(kind);
  for (const f of files) {
    if (!allowed.includes(f.type)) return fileTypeMessage(kind);
    if (f.size > UPLOAD_MAX_BYTES) return MESSAGES.fileTooLarge(UPLOAD_MAX_MB);
  }
  return null;
}

/** File name shown truncated to 20 characters plus an ellipsis. */
export function displayFileName(name: string): string {
  return name.length > FILE_NAME_DISPLAY_LIMIT ? `${name.slice(0, FILE_NAME_DISPLAY_LIMIT)}...` : name;
}
