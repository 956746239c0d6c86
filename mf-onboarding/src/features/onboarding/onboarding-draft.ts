// The typed answers survive a detour (subscribing, a reload) for this tab's session.
// Files and the consent tick are not kept: they are chosen again.
import { ENTITY_TYPES, type EntityType } from 'shared-api/contract';

export interface OnboardingDraft {
  user_type: EntityType | '';
  business_name: string;
  /** ISO alpha-2 of the nationality. */
  nationality: string;
  phone_number: string;
}

const key = (userId: string) => `tessera.onboarding.${userId}`;

export function readDraft(userId: string): OnboardingDraft | null {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<OnboardingDraft>;
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    return {
      user_type: ENTITY_TYPES.includes(v.user_type as EntityType) ? (v.user_type as EntityType) : '',
      business_name: text(v.business_name),
      nationality: text(v.nationality),
      phone_number: text(v.phone_number),
    };
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, draft: OnboardingDraft): void {
  try {
    sessionStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    /* storage unavailable: the form still works */
  }
}

export function clearDraft(userId: string): void {
  try {
    sessionStorage.removeItem(key(userId));
  } catch {
    /* nothing to clear */
  }
}
