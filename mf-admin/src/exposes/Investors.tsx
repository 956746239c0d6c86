import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { UsersPage } from '../features/users/users-page';

export default function Investors() {
  return (
    <QueryProvider>
      <EnrolGate>
        <UsersPage role="INVESTOR" />
      </EnrolGate>
    </QueryProvider>
  );
}
