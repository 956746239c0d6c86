import { UsersPage } from '../features/users/users-page';

export default function Investors() {
  return <UsersPage role="INVESTOR" />;
}
