import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, getCheckout, getMyOrders, useSessionStore } from 'shared-api';
import type { Checkout, Order, Page, User } from 'shared-api/contract';
import {
  CHECKOUT_POLL,
  QueryFailure,
  QueryProvider,
  createQueryClient,
  queries,
  queryClient,
  queryKeys,
  readable,
  shouldRetry,
  useApiQuery,
  useCheckoutPoller,
  useInvalidate,
  useOpenCheckouts,
  usePageQueryClient,
  type CheckoutOutcome,
  type QueryClient,
} from 'shared-api/query';
import { clearOnSessionChange } from './client';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getCheckout: jest.fn(), getMyOrders: jest.fn() }));
const checkoutMock = jest.mocked(getCheckout);
const ordersMock = jest.mocked(getMyOrders);

const checkout = (over: Partial<Checkout> = {}): Checkout => ({
  _id: 'c1',
  purpose: 'DEPOSIT',
  amount: 50,
  status: 'OPEN',
  checkoutUrl: 'https://pay.example/c1',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const user = (id: string) => ({ _id: id, role: 'INVESTOR' }) as User;
const pageOf = (ids: string[]): Page<Order> => ({ items: ids.map((_id) => ({ _id }) as Order), total: ids.length, page: 1, pageSize: 10 });

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider client={client}>{children}</QueryProvider>;

beforeEach(() => {
  jest.clearAllMocks();
  client = createQueryClient({ queries: { retry: false, gcTime: Infinity } });
  useSessionStore.getState().clearSession();
});
afterEach(() => client.clear());

describe('the client', () => {
  test('a 4xx is not asked again; anything else once', () => {
    expect(shouldRetry(0, new QueryFailure('Not Found', 404, null))).toBe(false);
    expect(shouldRetry(0, new QueryFailure('Conflict', 409, null))).toBe(false);
    expect(shouldRetry(0, new QueryFailure('An error occured', 503, null))).toBe(true);
    expect(shouldRetry(1, new QueryFailure('An error occured', 503, null))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  test("a failure reads as the server's message, with its status; an abort stays an abort", async () => {
    const failed = readable(() => Promise.reject(new ApiError(409, { message: 'Only a pending order can be cancelled' })));
    const err = await failed({ signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryFailure);
    expect(err).toMatchObject({ message: 'Only a pending order can be cancelled', status: 409 });
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    await expect(readable(() => Promise.reject(abort))({ signal: new AbortController().signal })).rejects.toBe(abort);
  });

  test("one person's answers are never shown to another: a new sign-in or a sign-out empties the client", () => {
    const stop = clearOnSessionChange(client);
    try {
      useSessionStore.getState().setSession(user('u1'), 'token');
      client.setQueryData(queryKeys.me.wallet(), { balance: 10 });
      // The same person refreshed (useFreshUser): kept.
      useSessionStore.getState().setUser(user('u1'));
      expect(client.getQueryData(queryKeys.me.wallet())).toEqual({ balance: 10 });
      useSessionStore.getState().setSession(user('u2'), 'token2');
      expect(client.getQueryData(queryKeys.me.wallet())).toBeUndefined();
      client.setQueryData(queryKeys.me.wallet(), { balance: 20 });
      useSessionStore.getState().clearSession();
      expect(client.getQueryData(queryKeys.me.wallet())).toBeUndefined();
    } finally {
      stop();
    }
  });

  test('the provider hands out the page’s one client unless told otherwise; hooks outside any provider use it too', () => {
    const provided = renderHook(() => usePageQueryClient(), { wrapper: ({ children }) => <QueryProvider>{children}</QueryProvider> });
    expect(provided.result.current).toBe(queryClient);
    expect(renderHook(() => usePageQueryClient()).result.current).toBe(queryClient);
    expect(renderHook(() => usePageQueryClient(), { wrapper }).result.current).toBe(client);
  });
});

describe('useApiQuery', () => {
  test('components showing the same data share one request; a failure is one readable line', async () => {
    ordersMock.mockResolvedValue(pageOf(['o1']));
    const { result } = renderHook(() => [useApiQuery(queries.me.orders({ page: 1 })), useApiQuery(queries.me.orders({ page: 1 }))], {
      wrapper,
    });
    await waitFor(() => expect(result.current[1].data?.items).toHaveLength(1));
    expect(result.current[0].data).toBe(result.current[1].data);
    expect(ordersMock).toHaveBeenCalledTimes(1);

    ordersMock.mockRejectedValue(new ApiError(403, { message: 'Forbidden for you' }));
    const failing = renderHook(() => useApiQuery(queries.me.orders({ page: 9 })), { wrapper });
    await waitFor(() => expect(failing.result.current.error).toBe('Forbidden for you'));
    expect(failing.result.current.loading).toBe(false);
  });

  test('another page keeps the previous answer on screen until its own arrives', async () => {
    let release: (p: Page<Order>) => void = () => undefined;
    ordersMock.mockResolvedValueOnce(pageOf(['o1'])).mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const { result, rerender } = renderHook(({ page }) => useApiQuery(queries.me.orders({ page })), { wrapper, initialProps: { page: 1 } });
    await waitFor(() => expect(result.current.data?.items[0]._id).toBe('o1'));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.data?.items[0]._id).toBe('o1');
    await act(async () => release(pageOf(['o2'])));
    await waitFor(() => expect(result.current.data?.items[0]._id).toBe('o2'));
    expect(ordersMock).toHaveBeenLastCalledWith({ page: 2 });
  });

  test("after a mutation, invalidating the person's data asks again what is on screen", async () => {
    ordersMock.mockResolvedValueOnce(pageOf(['o1'])).mockResolvedValue(pageOf(['o1', 'o2']));
    const { result } = renderHook(() => ({ orders: useApiQuery(queries.me.orders({})), invalidate: useInvalidate() }), { wrapper });
    await waitFor(() => expect(result.current.orders.data?.total).toBe(1));
    await act(() => result.current.invalidate(queryKeys.me.all));
    await waitFor(() => expect(result.current.orders.data?.total).toBe(2));
    expect(ordersMock).toHaveBeenCalledTimes(2);
  });
});

describe('useCheckoutPoller', () => {
  const poll = (id: string | null, purpose: Checkout['purpose'] = 'DEPOSIT') => {
    const onDone = jest.fn<void, [CheckoutOutcome]>();
    const hook = renderHook(() => useCheckoutPoller(id, { purpose, onDone }), { wrapper });
    return { onDone, hook };
  };

  test('nothing to check without a checkout', () => {
    const { onDone, hook } = poll(null);
    expect(hook.result.current.checking).toBe(false);
    expect(checkoutMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  test('asks while the checkout is OPEN, then records the answer in the session and reports it once', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      checkoutMock.mockResolvedValueOnce(checkout()).mockResolvedValue(checkout({ status: 'PAID' }));
      const { onDone, hook } = poll('c1');
      expect(hook.result.current.checking).toBe(true);
      await act(() => jest.advanceTimersByTimeAsync(CHECKOUT_POLL.intervalMs + 10));
      await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
      expect(onDone).toHaveBeenCalledWith({ kind: 'checkout', checkout: expect.objectContaining({ status: 'PAID' }) });
      expect(hook.result.current.checking).toBe(false);
      expect(checkoutMock).toHaveBeenCalledTimes(2);
      expect(useSessionStore.getState().checkoutStatus?.c1).toMatchObject({ status: 'PAID', purpose: 'DEPOSIT', amount: 50 });
      await act(() => jest.advanceTimersByTimeAsync(5 * CHECKOUT_POLL.intervalMs));
      expect(checkoutMock).toHaveBeenCalledTimes(2);
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  test(`still OPEN: ${CHECKOUT_POLL.tries} more tries, then reported as it stands; no request after the last`, async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      checkoutMock.mockResolvedValue(checkout());
      const { onDone } = poll('c1');
      await act(() => jest.advanceTimersByTimeAsync((CHECKOUT_POLL.tries + 3) * CHECKOUT_POLL.intervalMs));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'checkout', checkout: expect.objectContaining({ status: 'OPEN' }) }));
      expect(checkoutMock).toHaveBeenCalledTimes(CHECKOUT_POLL.tries + 1);
      expect(useSessionStore.getState().checkoutStatus?.c1?.status).toBe('OPEN');
    } finally {
      jest.useRealTimers();
    }
  });

  test('a checkout of another purpose is neither recorded nor reported as this page’s', async () => {
    checkoutMock.mockResolvedValue(checkout({ purpose: 'SUBSCRIPTION', status: 'PAID' }));
    const { onDone } = poll('c1', 'DEPOSIT');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'other' }));
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
  });

  test("a failure is reported as the server's message", async () => {
    checkoutMock.mockRejectedValue(new ApiError(404, { message: 'Checkout not found' }));
    const { onDone } = poll('c1');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'error', message: 'Checkout not found' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('useOpenCheckouts', () => {
  test('each remembered OPEN checkout of the purpose is asked once: settled ones recorded and handed over, unknown ones forgotten', async () => {
    const remember = (id: string, purpose: Checkout['purpose']) =>
      useSessionStore.getState().setCheckoutStatus(id, { status: 'OPEN', purpose, amount: 10 });
    remember('paid', 'DEPOSIT');
    remember('open', 'DEPOSIT');
    remember('gone', 'DEPOSIT');
    remember('back', 'DEPOSIT');
    remember('sub', 'SUBSCRIPTION');
    checkoutMock.mockImplementation(async (id: string) => {
      if (id === 'gone') throw new ApiError(404, { message: 'Checkout not found' });
      return checkout({ _id: id, amount: 10, status: id === 'paid' ? 'PAID' : 'OPEN', checkoutUrl: `https://pay.example/${id}` });
    });
    const onSettled = jest.fn();
    const { result } = renderHook(() => useOpenCheckouts('DEPOSIT', { skip: 'back', onSettled }), { wrapper });

    await waitFor(() => expect(result.current.open).toEqual([{ id: 'open', amount: 10, checkoutUrl: 'https://pay.example/open' }]));
    await waitFor(() => expect(useSessionStore.getState().checkoutStatus?.gone).toBeUndefined());
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ _id: 'paid', status: 'PAID' }));
    expect(useSessionStore.getState().checkoutStatus).toMatchObject({
      paid: { status: 'PAID', purpose: 'DEPOSIT' },
      open: { status: 'OPEN' },
      back: { status: 'OPEN' },
      sub: { status: 'OPEN' },
    });
    // The page's own return and the other purpose are not asked about here.
    expect(checkoutMock.mock.calls.map(([id]) => id).sort()).toEqual(['gone', 'open', 'paid']);

    act(() => result.current.discard('open'));
    expect(result.current.open).toEqual([]);
    expect(useSessionStore.getState().checkoutStatus?.open).toBeUndefined();
  });
});
