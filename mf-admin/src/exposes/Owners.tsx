import { QueryProvider } from 'shared-api/query';
import { UsersPage } from '../features/users/users-page';

export default function Owners() {
  return (
    <QueryProvider>
      <UsersPage role="PROPERTY_OWNER" />
    </QueryProvider>
  );
}
