import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-api';
import { useAsync } from './use-async';

describe('useAsync', () => {
  test('loading, then data', async () => {
    const { result } = renderHook(() => useAsync(async () => 42, []));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: 42, error: null });
  });

  test('errors are read with the spec 8 reader', async () => {
    const { result } = renderHook(() =>
      useAsync(async () => {
        throw new ApiError(400, { message: ['Quantity too large'] });
      }, []),
    );
    await waitFor(() => expect(result.current.error).toBe('Quantity too large'));
    expect(result.current.loading).toBe(false);
  });

  test('a 5xx reads as the generic message', async () => {
    const { result } = renderHook(() =>
      useAsync(async () => {
        throw new ApiError(503);
      }, []),
    );
    await waitFor(() => expect(result.current.error).toBe('An error occured, please try again.'));
  });

  test('an answer at hand renders at once, without a loading state or a call; reload and new deps call', async () => {
    const fn = jest.fn(async (_signal: AbortSignal) => 'asked');
    const initial = jest.fn(() => 'at hand');
    const { result, rerender } = renderHook(({ dep }) => useAsync(fn, [dep], initial), { initialProps: { dep: 1 } });
    expect(result.current).toMatchObject({ data: 'at hand', loading: false, error: null });
    await act(async () => undefined);
    expect(fn).not.toHaveBeenCalled();
    rerender({ dep: 1 });
    expect(initial).toHaveBeenCalledTimes(1);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('asked'));
    expect(fn).toHaveBeenCalledTimes(1);
    rerender({ dep: 2 });
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
  });

  test('with nothing at hand it loads as usual', async () => {
    const { result } = renderHook(() =>
      useAsync(
        async () => 7,
        [],
        () => undefined,
      ),
    );
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe(7));
  });

  test('reload runs again', async () => {
    let n = 0;
    const { result } = renderHook(() => useAsync(async () => (n += 1), []));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  test('changed deps abort the old run and ignore its result', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((v: string) => void)[] = [];
    const { result, rerender } = renderHook(
      ({ id }) =>
        useAsync(
          (signal) => {
            signals.push(signal);
            return new Promise<string>((resolve) => resolvers.push(() => resolve(id)));
          },
          [id],
        ),
      { initialProps: { id: 'a' } },
    );
    rerender({ id: 'b' });
    expect(signals[0].aborted).toBe(true);
    await act(async () => {
      resolvers[1]('b');
      resolvers[0]('a');
    });
    await waitFor(() => expect(result.current.data).toBe('b'));
  });
});
