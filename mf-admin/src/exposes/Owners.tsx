import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { UsersPage } from '../features/users/users-page';

export default function Owners() {
  return (
    <QueryProvider>
      <EnrolGate>
        <UsersPage role="PROPERTY_OWNER" />
      </EnrolGate>
    </QueryProvider>
  );
}
