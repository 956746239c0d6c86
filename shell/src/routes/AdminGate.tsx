import type { AdminRole, Role } from 'shared-api/contract';
import { NotForRole } from '../chrome/NotForRole';
import { RemotePage } from '../federation/remote-page';
import { mayUse } from './access';
import type { RouteTarget } from './route-table';

/** An admin page: the remote's page when the admin's role may use it, else why not (the server
 *  refuses its calls either way). Loaded only for admin pages, with the access matrix. */
export function AdminGate({ target, user }: { target: RouteTarget; user: { role: Role; adminRole?: AdminRole | null } }) {
  return mayUse(target, user) ? <RemotePage target={target} /> : <NotForRole />;
}
