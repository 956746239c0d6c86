import { renderHook, waitFor } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

test('stays false while the content is not ready; turns true after a frame and an idle moment, and stays true', async () => {
  const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
  await new Promise((r) => setTimeout(r, 120));
  expect(result.current).toBe(false);
  rerender({ ready: true });
  expect(result.current).toBe(false);
  await waitFor(() => expect(result.current).toBe(true));
  rerender({ ready: false });
  expect(result.current).toBe(true);
});

test('uses requestIdleCallback where there is one, and cancels it on unmount', async () => {
  const w = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
  const callbacks: (() => void)[] = [];
  w.requestIdleCallback = jest.fn((cb: () => void) => callbacks.push(cb));
  w.cancelIdleCallback = jest.fn();
  try {
    const { result, unmount } = renderHook(() => useAfterPaint(true, 500));
    await waitFor(() => expect(w.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 500 }));
    expect(result.current).toBe(false);
    unmount();
    expect(w.cancelIdleCallback).toHaveBeenCalledWith(1);
  } finally {
    delete w.requestIdleCallback;
    delete w.cancelIdleCallback;
  }
});
