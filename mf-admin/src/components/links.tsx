import type { ReactNode } from 'react';
import { Box, Link, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { formatDate } from 'shared-ui';
import { paths, type User } from 'shared-api/contract';

/** The console page of a person: investors and owners each have their own list. */
export function personPath(user: Pick<User, '_id' | 'role'>): string | null {
  if (user.role === 'INVESTOR') return paths.investor(user._id);
  if (user.role === 'PROPERTY_OWNER') return paths.owner(user._id);
  return null;
}

export const fullName = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** A short, recognisable form of an id when no name is known. */
export const shortId = (id: string) => `#${id.slice(0, 8)}`;

export function RouterTextLink({ to, children, ariaLabel }: { to: string; children: ReactNode; ariaLabel?: string }) {
  return (
    <Link component={RouterLink} to={to} aria-label={ariaLabel} sx={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}

/** A person by name (and e-mail), linked to their page; falls back to the id. */
type PersonRef = Pick<User, '_id' | 'firstName' | 'lastName' | 'email' | 'role'>;

export function PersonLink({
  id,
  people,
  showEmail = false,
  fallback,
}: {
  id: string | null;
  people: Map<string, User>;
  showEmail?: boolean;
  fallback?: PersonRef | null;
}) {
  if (!id) return <>—</>;
  const user: PersonRef | undefined = people.get(id) ?? fallback ?? undefined;
  if (!user)
    return (
      <Typography component="span" variant="body2" title={id}>
        {shortId(id)}
      </Typography>
    );
  const to = personPath(user);
  const name = fullName(user);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: showEmail ? 140 : 0, maxWidth: 220 }}>
      {to ? <RouterTextLink to={to}>{name}</RouterTextLink> : <span>{name}</span>}
      {showEmail && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {user.email}
        </Typography>
      )}
    </Box>
  );
}

/** Where the console shows one listing: the listings page with its details open. */
/** One verification case's page (/dashboard/cases/:id). */
export const caseLink = (id: string) => `${paths.cases}/${encodeURIComponent(id)}`;

export const listingPath = (id: string) => `${paths.listings}?view=${encodeURIComponent(id)}`;

export function PropertyLink({ id, name }: { id: string | null; name?: string | null }) {
  if (!id) return <>—</>;
  return <RouterTextLink to={listingPath(id)}>{name ?? shortId(id)}</RouterTextLink>;
}

/** A date and time that does not wrap inside a table cell. */
/** A date and time on two short lines (date, then time), so tables fit a 1366 px screen (issue 16). */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  const full = formatDate(value, 'datetime');
  const date = formatDate(value);
  const time = full.startsWith(`${date}, `) ? full.slice(date.length + 2) : '';
  return (
    <Box component="time" dateTime={value} title={full} sx={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{date}</span>
      {time && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
          {time}
        </Box>
      )}
    </Box>
  );
}
