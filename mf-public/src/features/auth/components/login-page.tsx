import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'shared-ui/router';
import { Alert, Box, Link, Stack } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { errorStatus, readError, signin, useAuthUser, useSessionStore } from 'shared-api';
import { BRAND, MESSAGES, paths, validateEmail } from 'shared-api/contract';
import { Button, toast } from 'shared-ui/core';
import { verifyPath } from '../../../lib/next-path';
import { destinationAfterLogin } from '../lib/destination';
import { AlreadySignedIn } from './already-signed-in';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordField } from './password-field';

export function LoginPage() {
  const user = useAuthUser();
  return (
    <AuthLayout
      title="Log in"
      subtitle={`Welcome back to ${BRAND}.`}
      footer={
        <>
          New to {BRAND}?{' '}
          <Link component={RouterLink} to={paths.signup} sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </>
      }
    >
      {user ? <AlreadySignedIn /> : <LoginForm />}
    </AuthLayout>
  );
}

function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const emailError = submitted ? validateEmail(email) : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setUnverified(null);
    if (!email.trim() || !password) {
      toast.error(MESSAGES.fillAllFields);
      return;
    }
    if (validateEmail(email)) return;
    setSending(true);
    try {
      const auth = await signin({ email: email.trim(), password });
      useSessionStore.getState().setSession(auth.user, auth.accessToken);
      navigate(destinationAfterLogin(auth.user, params.get('next')), { replace: true });
    } catch (err) {
      const message = await readError(err);
      // 403: the e-mail address is not verified yet; offer the way to /verify.
      if (errorStatus(err) === 403) setUnverified(email.trim());
      toast.error(message);
      setSending(false);
    }
  }

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in">
        <Stack spacing={2.25}>
          {unverified && (
            <Alert
              severity="warning"
              action={
                <Button variant="text-blue" size="SM" component={RouterLink} to={verifyPath(unverified)}>
                  Verify your email
                </Button>
              }
            >
              Your e-mail address is not verified yet. Enter the code we e-mailed you to finish signing up.
            </Alert>
          )}
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!emailError || (submitted && !email.trim())}
            helperText={emailError ?? undefined}
            slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
          />
          <PasswordField
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={submitted && !password}
            slotProps={{ htmlInput: { maxLength: 256 } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '4px !important' }}>
            <Button variant="underline-blue" size="SM" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </Button>
          </Box>
          <Button type="submit" variant="filled-blue" size="LG" fullWidth loading={sending}>
            Log In
          </Button>
        </Stack>
      </Box>
      <ForgotPasswordDialog
        open={forgotOpen}
        initialEmail={email}
        onClose={() => setForgotOpen(false)}
        onDone={(resetEmail) => {
          setForgotOpen(false);
          setEmail(resetEmail);
          setPassword('');
          setSubmitted(false);
        }}
      />
    </>
  );
}
