import { QueryProvider } from 'shared-api/query';
import { UsersPage } from '../features/users/users-page';

export default function Investors() {
  return (
    <QueryProvider>
      <UsersPage role="INVESTOR" />
    </QueryProvider>
  );
}
