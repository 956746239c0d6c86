import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { isAbortError, readError } from 'shared-api';

export interface AsyncState<T> {
  data: T | undefined;
  /** The failure as one readable line (spec 8's reader), or null. */
  error: string | null;
  loading: boolean;
  /** Runs the call again (Retry). */
  reload: () => void;
}

/**
 * Runs `fn` when `deps` change and tracks data, error and loading. Results of a
 * superseded run are dropped, and its signal is aborted.
 * `const { data, error, loading, reload } = useAsync((signal) => getProperty(id, { signal }), [id]);`
 *
 * `initial`, read once as the component mounts, is an answer already at hand (a prefetched
 * one: shared-api's peekProperties): it renders in the first render, without a loading
 * state, and the first run of `fn` is skipped. Later deps changes and `reload` run `fn`.
 */
export function useAsync<T>(fn: (signal: AbortSignal) => Promise<T>, deps: DependencyList, initial?: () => T | undefined): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>(() => {
    const data = initial?.();
    return { data, error: null, loading: data === undefined };
  });
  // Read on the first render only: whether the first run is already answered by `initial`.
  const answered = useRef(state.data !== undefined);
  const [version, setVersion] = useState(0);
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return;
    }
    const controller = new AbortController();
    let live = true;
    setState((s) => (s.loading && s.error === null ? s : { ...s, loading: true, error: null }));
    fnRef.current(controller.signal).then(
      (data) => {
        // The answer renders as a transition: React renders a long list in slices and
        // keeps the page responsive meanwhile (issue 11: total blocking time).
        if (live) startTransition(() => setState({ data, error: null, loading: false }));
      },
      async (err: unknown) => {
        if (!live || isAbortError(err)) return;
        const message = await readError(err);
        if (live) setState((s) => ({ data: s.data, error: message, loading: false }));
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
    // The caller's deps decide when to run; `fn` is read through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
