import { UsersPage } from '../features/users/users-page';

export default function Owners() {
  return <UsersPage role="PROPERTY_OWNER" />;
}
