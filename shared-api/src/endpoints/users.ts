// /v1/users (spec 7): the signed-in person, onboarding, and admin user management.
import type {
  CompleteOnboardingBody,
  QuestionnaireAnswers,
  UpdateMeBody,
  UpdatePasswordBody,
  UpdatePasswordResult,
  User,
  UserMetrics,
} from '../contract';
import { http } from '../client';
import { upload, type UploadOptions } from '../upload';
import { filesForm } from './query';

export type SubmittedQuestionnaire = QuestionnaireAnswers & { submittedAt: string };
type Progress = Pick<UploadOptions, 'onProgress' | 'signal'>;

export const getMe = (): Promise<User> => http.get('v1/users/me').json<User>();

/** Profile fields only (never role, status, subscription or money). */
export const updateMe = (body: UpdateMeBody): Promise<User> => http.patch('v1/users/me', { json: body }).json<User>();

export const getMyMetrics = (): Promise<UserMetrics> => http.get('v1/users/me/metrics').json<UserMetrics>();

export const uploadProfileImage = (file: Blob, opts: Progress = {}): Promise<User> =>
  upload<User>('v1/users/me/profile-image', filesForm('file', [file]), { method: 'PATCH', ...opts });

/** Identity document (image). */
export const uploadKyc = (file: Blob, opts: Progress = {}): Promise<User> =>
  upload<User>('v1/users/kyc', filesForm('file', [file]), { method: 'PATCH', ...opts });

/** Business document (PDF or image). */
export const uploadBusinessKyc = (file: Blob, opts: Progress = {}): Promise<User> =>
  upload<User>('v1/users/kyc/business', filesForm('file', [file]), { method: 'PATCH', ...opts });

export const completeOnboarding = (body: CompleteOnboardingBody = { status: 'PENDING' }): Promise<User> =>
  http.patch('v1/users/me/complete-onboarding', { json: body }).json<User>();

/** Ends every session; store the returned token. */
export const updatePassword = (body: UpdatePasswordBody): Promise<UpdatePasswordResult> =>
  http.patch('v1/users/me/update-password', { json: body }).json<UpdatePasswordResult>();

export const getQuestionnaire = (): Promise<SubmittedQuestionnaire> => http.get('v1/users/me/questionnaire').json<SubmittedQuestionnaire>();

export const saveQuestionnaire = (answers: QuestionnaireAnswers): Promise<SubmittedQuestionnaire> =>
  http.put('v1/users/me/questionnaire', { json: answers }).json<SubmittedQuestionnaire>();
