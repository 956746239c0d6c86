import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { UserDetailPage } from '../features/users/user-detail-page';

export default function UserDetail() {
  return (
    <QueryProvider>
      <EnrolGate>
        <UserDetailPage />
      </EnrolGate>
    </QueryProvider>
  );
}
