import { LoginPage } from '../features/auth/components/login-page';

export default function Login() {
  return <LoginPage />;
}
