// /dashboard/profile (every role): picture, names, country and phone, e-mail address,
// password, two-factor sign-in, passkeys, which notices come by e-mail.
import { Box } from 'shared-ui/mui-core';
import { LoadingState, PageHeader, useFreshUser } from 'shared-ui/components';
import { useAuthUser } from 'shared-api';
import { AvatarCard } from './avatar-card';
import { DetailsForm } from './details-form';
import { EmailCard } from './email-card';
import { NotificationsCard } from './notifications-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordForm } from './password-form';
import { TwoFactorCard } from './two-factor-card';

export function ProfilePage() {
  useFreshUser();
  const user = useAuthUser();
  if (!user) return <LoadingState label="Loading your profile..." />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Profile" subtitle="Your picture, your details, your e-mail address, your password and your notifications." />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AvatarCard user={user} />
        <DetailsForm key={user._id} user={user} />
        <EmailCard user={user} />
        <PasswordForm />
        <TwoFactorCard />
        <PasskeysCard />
        <NotificationsCard />
      </Box>
    </Box>
  );
}
