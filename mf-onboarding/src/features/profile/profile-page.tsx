// /dashboard/profile (every role): picture, names, country and phone, password.
import { Box } from 'shared-ui/mui-core';
import { LoadingState, PageHeader, useFreshUser } from 'shared-ui/components';
import { useAuthUser } from 'shared-api';
import { AvatarCard } from './avatar-card';
import { DetailsForm } from './details-form';
import { PasswordForm } from './password-form';

export function ProfilePage() {
  useFreshUser();
  const user = useAuthUser();
  if (!user) return <LoadingState label="Loading your profile..." />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Profile" subtitle="Your picture, your details and your password." />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AvatarCard user={user} />
        <DetailsForm key={user._id} user={user} />
        <PasswordForm />
      </Box>
    </Box>
  );
}
