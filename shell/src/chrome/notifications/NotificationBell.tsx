// The bell in the dashboard header (issue 19): the unread count, kept current by the
// real-time stream (a `notification` event refetches the count and the open list; the
// polling fallback's `poll` refetches the count), and a toast when a notice arrives while
// the page is open. The panel (list, paging, mark read) is a chunk of its own, loaded on
// first open, so the first visit pays only for this button.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box } from 'shared-ui/mui-core';
import { IconButton } from 'shared-ui/mui-icon-button';
import { toast } from 'shared-ui/core';
import { getNotifications, subscribeEvents } from 'shared-api';
import { SvgPathIcon } from '../icons';

const NotificationPanel = lazy(() => import('./NotificationPanel'));

const BELL =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z';
export const PANEL_ID = 'notifications-panel';

/** "Notifications, 3 unread" (the button's accessible name). */
export function bellLabel(unread: number | null): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

export function NotificationBell({ userId }: { userId: string }) {
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  // Bumped by every `notification` event: an open panel reloads its first page.
  const [version, setVersion] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  const refresh = useCallback(async (arrived?: string | true) => {
    try {
      const page = await getNotifications({ page: 1, pageSize: 1 });
      setUnread(page.unread);
      const newest = page.items[0];
      if (arrived && newest && !newest.readAt && (arrived === true || newest._id === arrived) && !openRef.current) {
        toast.info(`New notification: ${newest.title}`);
      }
    } catch {
      /* keep the last count; the next event or poll tries again */
    }
  }, []);

  useEffect(() => {
    void refresh();
    return subscribeEvents([`user:${userId}`], (e) => {
      if (e.type === 'notification') {
        const id = e.data?.id;
        void refresh(typeof id === 'string' ? id : true);
        setVersion((v) => v + 1);
      } else if (e.type === 'poll') void refresh();
    });
  }, [userId, refresh]);

  const label = bellLabel(unread);
  return (
    <>
      <IconButton
        ref={buttonRef}
        onClick={() => setOpen((o) => !o)}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        sx={{ position: 'relative' }}
      >
        <SvgPathIcon d={BELL} size={24} />
        {unread ? (
          <Box
            component="span"
            aria-hidden="true"
            data-testid="notifications-badge"
            sx={{
              position: 'absolute',
              top: 2,
              right: 2,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'error.main',
              color: '#fff',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel
            id={PANEL_ID}
            anchor={buttonRef.current}
            version={version}
            onUnread={setUnread}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
