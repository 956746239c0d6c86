// Spec 7's onboarding calls, in order: profile, identity document, business document,
// completion. A step that succeeded is not repeated on retry unless its input changed,
// so a failure never leaves half a submission or asks for everything again.
import { useCallback, useRef, useState } from 'react';
import { completeOnboarding, readError, updateMe, uploadBusinessKyc, uploadKyc, useSessionStore } from 'shared-api';
import { MESSAGES, type CompleteOnboardingBody, type UpdateMeBody, type User } from 'shared-api/contract';
import { toast } from 'shared-ui/core';

export type StepId = 'profile' | 'identity' | 'business' | 'complete';
export type StepState = 'waiting' | 'running' | 'done' | 'failed';

export interface StepView {
  id: StepId;
  label: string;
  state: StepState;
  /** Upload progress, 0–1. */
  progress?: number;
  error?: string;
  /** The file an upload step sends. */
  file?: File;
}

export interface SubmissionInput {
  profile: UpdateMeBody;
  idFile: File;
  /** Uploaded when present. */
  businessFile: File | null;
  complete: CompleteOnboardingBody;
}

const LABELS: Record<StepId, string> = {
  profile: 'Saving your details',
  identity: 'Uploading your identity document',
  business: 'Uploading your business document',
  complete: 'Submitting for review',
};

interface Done {
  profile?: string;
  identity?: File;
  business?: File;
}

export function useOnboardingSubmit() {
  const done = useRef<Done>({});
  const [steps, setSteps] = useState<StepView[] | null>(null);
  const [running, setRunning] = useState(false);

  const submit = useCallback(async (input: SubmissionInput): Promise<User | null> => {
    const order: StepId[] = ['profile', 'identity', ...(input.businessFile ? (['business'] as const) : []), 'complete'];
    const profileKey = JSON.stringify(input.profile);
    const already = (id: StepId) =>
      (id === 'profile' && done.current.profile === profileKey) ||
      (id === 'identity' && done.current.identity === input.idFile) ||
      (id === 'business' && done.current.business === input.businessFile);
    const fileOf = (id: StepId) => (id === 'identity' ? input.idFile : id === 'business' ? (input.businessFile ?? undefined) : undefined);
    let view: StepView[] = order.map((id) => ({
      id,
      label: LABELS[id],
      state: already(id) ? 'done' : 'waiting',
      progress: already(id) && fileOf(id) ? 1 : undefined,
      file: fileOf(id),
    }));
    const update = (id: StepId, patch: Partial<StepView>) => {
      view = view.map((s) => (s.id === id ? { ...s, ...patch } : s));
      setSteps(view);
    };
    setSteps(view);
    setRunning(true);
    const setUser = (u: User) => useSessionStore.getState().setUser(u);
    const onProgress = (id: StepId) => (fraction: number) => update(id, { progress: fraction });

    let current: StepId = order[0];
    try {
      let user: User | null = null;
      for (const id of order) {
        current = id;
        if (id !== 'complete' && already(id)) continue;
        update(id, { state: 'running', error: undefined, progress: id === 'identity' || id === 'business' ? 0 : undefined });
        if (id === 'profile') {
          setUser(await updateMe(input.profile));
          done.current.profile = profileKey;
        } else if (id === 'identity') {
          setUser(await uploadKyc(input.idFile, { onProgress: onProgress(id) }));
          done.current.identity = input.idFile;
        } else if (id === 'business' && input.businessFile) {
          setUser(await uploadBusinessKyc(input.businessFile, { onProgress: onProgress(id) }));
          done.current.business = input.businessFile;
        } else if (id === 'complete') {
          const completed: User = await completeOnboarding(input.complete);
          setUser(completed);
          user = completed;
        }
        update(id, { state: 'done', progress: id === 'identity' || id === 'business' ? 1 : undefined });
      }
      return user;
    } catch (err) {
      const reason = await readError(err);
      const message =
        current === 'identity'
          ? MESSAGES.identityUploadError(reason)
          : current === 'business'
            ? MESSAGES.businessUploadError(reason)
            : reason;
      update(current, { state: 'failed', error: message, progress: undefined });
      toast.error(message);
      return null;
    } finally {
      setRunning(false);
    }
  }, []);

  /** Upload progress of `file` in a file step, for the file pickers. */
  const progressOf = (id: 'identity' | 'business', file: File | undefined): number | undefined => {
    const step = steps?.find((s) => s.id === id);
    return step && file && step.file === file ? step.progress : undefined;
  };

  return { submit, steps, running, progressOf };
}
