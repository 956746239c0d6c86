// The bell: badge and accessible name, the panel's list (newest first as served), mark one
// read (and go to its link), mark all, show more, empty and error states, live updates
// through a mocked subscribeEvents, and the phone drawer.
import { act, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, type RealtimeListener } from 'shared-api';
import type { Notification, NotificationsPage } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { asPhone, renderPage, settle } from 'shared-ui/testing';
import { NotificationBell } from './NotificationBell';
import { relativeTime } from './NotificationPanel';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getNotifications: jest.fn(),
  markNotificationRead: jest.fn(),
  markAllNotificationsRead: jest.fn(),
  subscribeEvents: jest.fn(),
}));

const mocked = {
  getNotifications: jest.mocked(api.getNotifications),
  markNotificationRead: jest.mocked(api.markNotificationRead),
  markAllNotificationsRead: jest.mocked(api.markAllNotificationsRead),
  subscribeEvents: jest.mocked(api.subscribeEvents),
};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function notice(i: number, over: Partial<Notification> = {}): Notification {
  return {
    _id: `n${i}`,
    kind: 'ORDER_REJECTED',
    title: `Notice ${i}`,
    body: `Body ${i}`,
    link: `/dashboard/orders/${i}`,
    createdAt: minutesAgo(i * 5),
    readAt: null,
    ...over,
  };
}

/** The server: a list of notices, paged newest first, with read state. */
let store: Notification[] = [];
let listener: RealtimeListener | null = null;
const unsubscribe = jest.fn();

function serve() {
  mocked.getNotifications.mockImplementation(async ({ page = 1, pageSize = 20 } = {}) => {
    const items = store.slice((page - 1) * pageSize, page * pageSize);
    return { items, total: store.length, page, pageSize, unread: store.filter((n) => !n.readAt).length } satisfies NotificationsPage;
  });
  mocked.markNotificationRead.mockImplementation(async (id) => {
    const n = store.find((o) => o._id === id)!;
    n.readAt = new Date().toISOString();
    return { ...n };
  });
  mocked.markAllNotificationsRead.mockImplementation(async () => {
    for (const n of store) n.readAt ??= new Date().toISOString();
    return { unread: 0 };
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  listener = null;
  store = [];
  serve();
  mocked.subscribeEvents.mockImplementation((_topics, onEvent) => {
    listener = onEvent;
    return unsubscribe;
  });
});

async function start(notices: Notification[]) {
  store = notices;
  const ui = renderPage(<NotificationBell userId="u1" />, { url: '/dashboard' });
  await settle();
  return ui;
}

// While the panel is open, MUI hides the rest of the page from assistive technology.
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

async function openPanel(ui: Awaited<ReturnType<typeof start>>) {
  await ui.user.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

test('the badge shows the unread count, and the button says it', async () => {
  await start([notice(1), notice(2), notice(3, { readAt: minutesAgo(1) })]);
  expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
  expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');
  expect(mocked.subscribeEvents).toHaveBeenCalledWith(['user:u1'], expect.any(Function));
});

test('no unread: no badge, a plain name', async () => {
  await start([notice(1, { readAt: minutesAgo(1) })]);
  expect(bell()).toHaveAccessibleName('Notifications');
  expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
});

test('the panel lists the notices with title, body, time and unread marker', async () => {
  const ui = await start([notice(1), notice(2, { readAt: minutesAgo(1) })]);
  const panel = await openPanel(ui);
  expect(bell()).toHaveAttribute('aria-expanded', 'true');
  const items = within(panel).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Unread: Notice 1');
  expect(items[0]).toHaveTextContent('Body 1');
  expect(items[0]).toHaveTextContent('5 minutes ago');
  expect(items[1]).toHaveTextContent('Notice 2');
  expect(items[1]).not.toHaveTextContent('Unread');
});

test('opening a notice marks it read and goes to its link', async () => {
  const ui = await start([notice(1), notice(2)]);
  const panel = await openPanel(ui);
  await ui.user.click(within(panel).getByRole('button', { name: /Notice 1/ }));
  expect(mocked.markNotificationRead).toHaveBeenCalledWith('n1');
  await waitFor(() => expect(ui.location()).toBe('/dashboard/orders/1'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
});

test('"Mark all as read" clears the badge and every marker', async () => {
  const ui = await start([notice(1), notice(2)]);
  const panel = await openPanel(ui);
  await ui.user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
  expect(mocked.markAllNotificationsRead).toHaveBeenCalled();
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  expect(within(panel).queryByText(/Unread:/)).not.toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(screen.getByText('All notifications are marked as read')).toBeInTheDocument();
});

test('"Show more" loads the next page', async () => {
  const ui = await start(Array.from({ length: 13 }, (_, i) => notice(i + 1)));
  const panel = await openPanel(ui);
  expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
  await ui.user.click(within(panel).getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(13));
  expect(mocked.getNotifications).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 });
  expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
});

test('empty: "No notifications yet"', async () => {
  const ui = await start([]);
  const panel = await openPanel(ui);
  expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
});

test('a failed load shows the error and Retry', async () => {
  const ui = await start([notice(1)]);
  mocked.getNotifications.mockRejectedValueOnce(new ApiError(500, { message: 'Server down' }));
  const panel = await openPanel(ui);
  expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load notifications');
  await ui.user.click(within(panel).getByRole('button', { name: 'Retry' }));
  expect(await within(panel).findByText('Notice 1')).toBeInTheDocument();
});

test('a live notification updates the badge, the open list and (panel closed) shows a toast', async () => {
  const ui = await start([notice(1, { readAt: minutesAgo(1) })]);
  expect(bell()).toHaveAccessibleName('Notifications');
  store = [notice(0, { title: 'Order rejected', createdAt: new Date().toISOString() }), ...store];
  await act(async () => listener!({ topic: 'user:u1', type: 'notification', data: { id: 'n0', kind: 'ORDER_REJECTED' } }));
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
  expect(await screen.findByText('New notification: Order rejected')).toBeInTheDocument();

  const panel = await openPanel(ui);
  expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  store = [notice(-1, { title: 'Deposit received', createdAt: new Date().toISOString() }), ...store];
  await act(async () => listener!({ topic: 'user:u1', type: 'notification', data: { id: 'n-1' } }));
  await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
  expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Deposit received');
  expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
});

test('a poll refetches the count; unmounting unsubscribes', async () => {
  const ui = await start([]);
  store = [notice(1)];
  await act(async () => listener!({ topic: 'user:u1', type: 'poll' }));
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
  ui.unmount();
  expect(unsubscribe).toHaveBeenCalled();
});

test('phones get a full-width drawer, closed by its button', async () => {
  const restore = asPhone();
  try {
    const ui = await start([notice(1)]);
    const panel = await openPanel(ui);
    expect(panel.className).toMatch(/Drawer/);
    await ui.user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  } finally {
    restore();
  }
});

test('relativeTime', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  expect(relativeTime('2026-01-10T11:59:40Z', now)).toBe('just now');
  expect(relativeTime('2026-01-10T11:55:00Z', now)).toBe('5 minutes ago');
  expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3 hours ago');
  expect(relativeTime('2026-01-09T12:00:00Z', now)).toBe('yesterday');
  expect(relativeTime('2025-12-20T12:00:00Z', now)).toBe('3 weeks ago');
});
