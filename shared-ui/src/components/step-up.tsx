// "Confirm it's you": money moves and account changes answer 403 with the step-up message
// when the last authentication is more than a few minutes old. useStepUp() wraps such an
// action: on that answer it asks for the authenticator code (or the password, for people
// without two-factor sign-in), confirms it with the server, then runs the action again.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { errorStatus, readError } from 'shared-api';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';

// The dialog (and MUI's inputs tier, which its field needs) loads when it first opens: the
// dashboards that export this hook's module load it on their first visit.
const StepUpDialog = lazy(() => import('./step-up-dialog'));

/** The answer of an action that needs a fresh authentication. */
export async function isStepUpRequired(err: unknown): Promise<boolean> {
  return errorStatus(err) === 403 && (await readError(err)) === TWO_FACTOR_MESSAGES.stepUpRequired;
}

type Pending = { resolve: (ok: boolean) => void };

export function useStepUp(): { guard: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current = { resolve };
        setOpen(true);
      }),
    [],
  );

  const guard = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (err) {
        if (!(await isStepUpRequired(err))) throw err;
        if (!(await ask())) throw err;
        return action();
      }
    },
    [ask],
  );

  const finish = (ok: boolean) => {
    setOpen(false);
    pending.current?.resolve(ok);
    pending.current = null;
  };

  return {
    guard,
    dialog: open ? (
      <Suspense fallback={null}>
        <StepUpDialog open onDone={() => finish(true)} onCancel={() => finish(false)} />
      </Suspense>
    ) : null,
  };
}
