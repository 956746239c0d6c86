import { UserDetailPage } from '../features/users/user-detail-page';

export default function UserDetail() {
  return <UserDetailPage />;
}
