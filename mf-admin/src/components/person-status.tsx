// A person in a money queue (pending orders, requested withdrawals) with their verification
// status beside the name (issue 16), so an admin sees who is not verified before deciding.
import { Box } from 'shared-ui/mui';
import { StatusBadge } from 'shared-ui';
import type { User, UserStatus } from 'shared-api/contract';
import { USER_STATUS_LABELS } from 'shared-api/labels';
import { PersonLink } from './links';

type PersonRef = Pick<User, '_id' | 'firstName' | 'lastName' | 'email' | 'role'>;

export function PersonWithStatus({
  id,
  people,
  fallback,
  status,
}: {
  id: string;
  people: Map<string, User>;
  fallback?: PersonRef | null;
  /** The status the list response carries; else the directory's. */
  status?: UserStatus | null;
}) {
  const s = status ?? people.get(id)?.status ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <PersonLink id={id} people={people} fallback={fallback} showEmail />
      {s && (
        <Box component="span" aria-label={`Verification: ${USER_STATUS_LABELS[s]}`} title="Verification status">
          <StatusBadge status={s} label={USER_STATUS_LABELS[s]} />
        </Box>
      )}
    </Box>
  );
}
