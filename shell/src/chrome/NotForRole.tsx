import { useEffect } from 'react';
import { Link } from 'shared-ui/router';
import { BaseButton, palette, space, styled, typography } from 'shared-ui/base';
import { useSessionStore } from 'shared-api/session';
import { paths } from 'shared-api/contract';
import { ADMIN_PAGE_NOT_ALLOWED } from 'shared-api/contract/dashboard';

const Page = styled.div({ padding: `${space(12)} ${space(2)}`, textAlign: 'center' });
const Title = styled.h1({ ...typography.h4, margin: '0 0 0.35em' });
const Text = styled.p({ margin: `0 0 ${space(3)}`, color: palette.text.secondary });

/** An admin console page the admin's role may not use (the server refuses its calls too). */
export function NotForRole() {
  // The role stored at sign-in may be out of date: a super admin may have widened it since, or
  // the session predates admin roles. Ask who this admin is once; the page (and the sidebar)
  // follow the answer.
  useEffect(() => {
    let live = true;
    import('shared-api')
      .then((api) => api.getMe())
      .then((me) => {
        const store = useSessionStore.getState();
        if (live && me?.role === 'ADMIN' && store.user?._id === me._id && me.adminRole !== store.user.adminRole) store.setUser(me);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Page role="alert">
      <Title>Not allowed for your role</Title>
      <Text>{ADMIN_PAGE_NOT_ALLOWED}. Ask a super admin if you need it.</Text>
      <BaseButton variant="filled-blue" size="MD" component={Link} to={paths.dashboard}>
        Back to the dashboard
      </BaseButton>
    </Page>
  );
}
