import { QueryProvider } from 'shared-api/query';
import { UserDetailPage } from '../features/users/user-detail-page';

export default function UserDetail() {
  return (
    <QueryProvider>
      <UserDetailPage />
    </QueryProvider>
  );
}
