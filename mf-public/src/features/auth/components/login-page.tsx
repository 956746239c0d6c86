import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'shared-ui/router';
import { Alert, Box, Link, Stack } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { completeSignin, errorStatus, readError, signin, useAuthUser, useSessionStore } from 'shared-api';
import {
  BRAND,
  MESSAGES,
  needsSecondFactor,
  paths,
  TWO_FACTOR_MESSAGES,
  validateEmail,
  type AuthResult,
  type SecondFactorChallenge,
} from 'shared-api/contract';
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
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

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
      const result = await signin({ email: email.trim(), password });
      if (needsSecondFactor(result)) {
        setChallenge(result);
        setSending(false);
        return;
      }
      done(result);
    } catch (err) {
      const message = await readError(err);
      // 403: the e-mail address is not verified yet; offer the way to /verify.
      if (errorStatus(err) === 403) setUnverified(email.trim());
      toast.error(message);
      setSending(false);
    }
  }

  function done(auth: AuthResult) {
    useSessionStore.getState().setSession(auth.user, auth.accessToken);
    navigate(destinationAfterLogin(auth.user, params.get('next')), { replace: true });
  }

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onDone={done}
        onBack={() => {
          setChallenge(null);
          setPassword('');
          setSubmitted(false);
        }}
      />
    );
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
          <PasskeySignin onDone={done} disabled={sending} />
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

/**
 * "Sign in with a passkey": no e-mail or password. The passkey code (and its browser
 * library) loads only when the person chooses it.
 */
function PasskeySignin({ onDone, disabled }: { onDone: (auth: AuthResult) => void; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { signinWithPasskey } = await import('shared-api/passkeys');
      onDone(await signinWithPasskey());
    } catch (err) {
      setError(await readError(err));
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outline-blue" size="LG" fullWidth loading={busy} disabled={disabled} onClick={() => void run()}>
        Sign in with a passkey
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
function SecondFactorStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: SecondFactorChallenge;
  onDone: (auth: AuthResult) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const factors = challenge.factors ?? ['TOTP'];
  const withCode = factors.includes('TOTP');

  async function withPasskey() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const { completeSigninWithPasskey } = await import('shared-api/passkeys');
      onDone(await completeSigninWithPasskey(challenge.challengeToken));
    } catch (err) {
      const message = await readError(err);
      setSending(false);
      if (message === TWO_FACTOR_MESSAGES.challengeExpired) {
        toast.error(message);
        onBack();
        return;
      }
      setError(message);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    if (!withCode) {
      await withPasskey();
      return;
    }
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeNeeded);
      return;
    }
    setSending(true);
    setError(null);
    try {
      onDone(await completeSignin({ challengeToken: challenge.challengeToken, code: code.trim() }));
    } catch (err) {
      const message = await readError(err);
      setSending(false);
      if (message === TWO_FACTOR_MESSAGES.challengeExpired) {
        toast.error(message);
        onBack();
        return;
      }
      setError(message);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Two-factor sign-in">
      <Stack spacing={2.25}>
        <Alert severity="info">{withCode ? `${challenge.message}, or one of your recovery codes.` : challenge.message}</Alert>
        {withCode && (
          <>
            <TextField
              name="code"
              label="Authentication code"
              autoComplete="one-time-code"
              autoFocus
              required
              fullWidth
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!error}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { maxLength: 32, inputMode: 'text', autoCapitalize: 'characters', spellCheck: false } }}
            />
            <Button type="submit" variant="filled-blue" size="LG" fullWidth loading={sending}>
              Verify
            </Button>
          </>
        )}
        {factors.includes('PASSKEY') && (
          <Button
            variant={withCode ? 'outline-blue' : 'filled-blue'}
            size="LG"
            fullWidth
            loading={sending && !withCode}
            disabled={sending && withCode}
            autoFocus={!withCode}
            onClick={() => void withPasskey()}
          >
            Use a passkey
          </Button>
        )}
        {error && !withCode && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button variant="underline-blue" size="SM" onClick={onBack}>
          Back to password
        </Button>
      </Stack>
    </Box>
  );
}
