// /dashboard/profile (every role): picture, names, country and phone, password, which notices come by e-mail.
import { Box } from 'shared-ui/mui-core';
import { LoadingState, PageHeader, useFreshUser } from 'shared-ui/components';
import { useAuthUser } from 'shared-api';
import { AvatarCard } from './avatar-card';
import { DetailsForm } from './details-form';
import { NotificationsCard } from './notifications-card';
import { PasswordForm } from './password-form';

export function ProfilePage() {
  useFreshUser();
  const user = useAuthUser();
  if (!user) return <LoadingState label="Loading your profile..." />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Profile" subtitle="Your picture, your details, your password and your notifications." />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AvatarCard user={user} />
        <DetailsForm key={user._id} user={user} />
        <PasswordForm />
        <NotificationsCard />
      </Box>
    </Box>
  );
}
