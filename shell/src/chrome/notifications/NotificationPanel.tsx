// The bell's panel (a chunk of its own): notices newest first, "Show more", mark one read
// by opening it (and go to what it is about), "Mark all as read"; loading, empty and error
// states. A popover under the bell; a full-width drawer on phones.
import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Box, IconButton, List, ListItemButton, Typography, useMediaQuery } from 'shared-ui/mui';
import { Drawer, Popover } from 'shared-ui/mui-forms';
import { Button, formatDate, toast, visuallyHidden } from 'shared-ui/core';
import { EmptyState, ErrorState, LoadingState } from 'shared-ui/components';
import { useNavigate } from 'shared-ui/router';
import { getNotifications, markAllNotificationsRead, markNotificationRead, readError } from 'shared-api';
import type { Notification } from 'shared-api/contract';
import { CloseIcon } from '../icons';

export const PAGE_SIZE = 10;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(Math.round(seconds / 60), 'minute');
}

type Status = 'loading' | 'ready' | 'error';

export default function NotificationPanel({
  id,
  anchor,
  version,
  onUnread,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  version: number;
  onUnread: Dispatch<SetStateAction<number | null>>;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const navigate = useNavigate();
  const headingId = useId();
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);
  const [announce, setAnnounce] = useState('');
  const requestRef = useRef(0);

  const loadFirst = useCallback(
    async (quiet: boolean) => {
      const request = ++requestRef.current;
      if (!quiet) setStatus('loading');
      try {
        const result = await getNotifications({ page: 1, pageSize: PAGE_SIZE });
        if (request !== requestRef.current) return;
        setItems(result.items);
        setTotal(result.total);
        setPage(1);
        onUnread(result.unread);
        setStatus('ready');
      } catch (err) {
        if (request !== requestRef.current) return;
        setError(await readError(err));
        if (!quiet) setStatus('error');
      }
    },
    [onUnread],
  );

  // First open: the spinner; a live update (version) reloads the first page in place.
  const first = useRef(true);
  useEffect(() => {
    void loadFirst(!first.current);
    first.current = false;
  }, [loadFirst, version]);

  const showMore = async () => {
    setLoadingMore(true);
    try {
      const result = await getNotifications({ page: page + 1, pageSize: PAGE_SIZE });
      setItems((list) => [...list, ...result.items.filter((n) => !list.some((o) => o._id === n._id))]);
      setTotal(result.total);
      setPage(result.page);
      onUnread(result.unread);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setLoadingMore(false);
    }
  };

  const openNotice = async (n: Notification) => {
    if (!n.readAt) {
      try {
        const saved = await markNotificationRead(n._id);
        setItems((list) => list.map((o) => (o._id === n._id ? { ...o, readAt: saved.readAt ?? new Date().toISOString() } : o)));
        onUnread((u) => (u === null ? u : Math.max(0, u - 1)));
      } catch (err) {
        toast.error(await readError(err));
      }
    }
    if (n.link) {
      onClose();
      void navigate(n.link);
    }
  };

  const markAll = async () => {
    setMarkingAll(true);
    try {
      await markAllNotificationsRead();
      const now = new Date().toISOString();
      setItems((list) => list.map((o) => (o.readAt ? o : { ...o, readAt: now })));
      onUnread(0);
      setAnnounce('All notifications are marked as read');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setMarkingAll(false);
    }
  };

  const anyUnread = items.some((n) => !n.readAt);
  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: phone ? '100%' : '70vh' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        {status === 'ready' && items.length > 0 && (
          <Button variant="text-blue" size="SM" onClick={() => void markAll()} loading={markingAll} disabled={!anyUnread}>
            Mark all as read
          </Button>
        )}
        <IconButton aria-label="Close notifications" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="span" role="status" sx={visuallyHidden}>
        {announce}
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {status === 'loading' && <LoadingState label="Loading notifications..." />}
        {status === 'error' && <ErrorState title="Could not load notifications" message={error} onRetry={() => void loadFirst(false)} />}
        {status === 'ready' && items.length === 0 && (
          <EmptyState title="No notifications yet" description="Decisions about your money, documents and listings will show here." />
        )}
        {status === 'ready' && items.length > 0 && (
          <List aria-labelledby={headingId} disablePadding>
            {items.map((n) => (
              <Box component="li" key={n._id} sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
                <ListItemButton
                  onClick={() => void openNotice(n)}
                  data-unread={n.readAt ? undefined : 'true'}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, bgcolor: n.readAt ? undefined : 'action.hover' }}
                >
                  <Box
                    aria-hidden="true"
                    sx={{
                      mt: 0.9,
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      flexShrink: 0,
                      bgcolor: n.readAt ? 'transparent' : 'primary.main',
                    }}
                  />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography component="p" sx={{ fontWeight: n.readAt ? 500 : 700, overflowWrap: 'anywhere' }}>
                      {!n.readAt && (
                        <Box component="span" sx={visuallyHidden}>
                          Unread:{' '}
                        </Box>
                      )}
                      {n.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {n.body}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      <time dateTime={n.createdAt} title={formatDate(n.createdAt, 'datetime')}>
                        {relativeTime(n.createdAt)}
                      </time>
                    </Typography>
                  </Box>
                </ListItemButton>
              </Box>
            ))}
          </List>
        )}
        {status === 'ready' && items.length < total && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <Button variant="outline-blue" size="SM" onClick={() => void showMore()} loading={loadingMore}>
              Show more
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );

  const paper = { id, role: 'dialog', 'aria-labelledby': headingId };
  return phone ? (
    <Drawer open anchor="right" onClose={onClose} slotProps={{ paper: { ...paper, sx: { width: '100%' } } }}>
      {content}
    </Drawer>
  ) : (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { ...paper, sx: { width: 400, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      {content}
    </Popover>
  );
}
