import { VerifyPage } from '../features/auth/components/verify-page';

export default function Verify() {
  return <VerifyPage />;
}
