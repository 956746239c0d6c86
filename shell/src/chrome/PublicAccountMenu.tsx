import { useAuthUser } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import { MuiThemeProvider } from 'shared-ui/core';
import { AccountMenu } from './AccountMenu';
import { useLogout } from '../session/use-logout';

/** The signed-in visitor's avatar menu in the public top bar (loaded on demand). */
export default function PublicAccountMenu() {
  const user = useAuthUser();
  const logout = useLogout();
  if (!user) return null;
  // The public chrome renders no MUI; this menu does, under MUI's theme (loaded with it).
  return (
    <MuiThemeProvider>
      <AccountMenu
        name={`${user.firstName} ${user.lastName}`}
        avatarUrl={user.avatar?.url}
        size="SM"
        items={[
          { label: 'Dashboard', to: paths.dashboard },
          { label: 'Logout', onClick: logout },
        ]}
      />
    </MuiThemeProvider>
  );
}
