import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'shared-ui/router';
import { Alert, Box, Link, Stack, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { generateOtp, readError, verifyOtp } from 'shared-api';
import { paths, validateEmail } from 'shared-api/contract';
import { Button, toast } from 'shared-ui/core';
import { loginPath } from '../../../lib/next-path';
import { useCooldown } from '../hooks/use-cooldown';
import { CODE_MESSAGE, RESEND_COOLDOWN_SECONDS, cleanCode } from '../lib/destination';
import { AuthLayout } from './auth-layout';

export function VerifyPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [verified, setVerified] = useState<string | null>(null);
  // Sign-up has just sent a code: the server refuses another for a minute.
  const cooldown = useCooldown(params.get('sent') === '1' ? RESEND_COOLDOWN_SECONDS : 0);

  const emailError = submitted ? validateEmail(email) : null;
  const codeError = submitted && code.length !== 6 ? CODE_MESSAGE : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (verifying) return;
    setSubmitted(true);
    if (validateEmail(email) || code.length !== 6) return;
    setVerifying(true);
    try {
      const res = await verifyOtp({ email: email.trim(), code, purpose: 'VERIFY_EMAIL' });
      toast.success(res.message);
      setVerified(res.message);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    setSubmitted(true);
    if (validateEmail(email)) return;
    setResending(true);
    try {
      const res = await generateOtp({ email: email.trim(), purpose: 'VERIFY_EMAIL' });
      toast.info(res.message);
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setResending(false);
    }
  }

  if (verified) {
    return (
      <AuthLayout title="Email verified">
        <Stack spacing={2.5}>
          <Alert severity="success">{verified}</Alert>
          <Typography>You can now log in and complete your profile.</Typography>
          <Button variant="filled-blue" size="LG" fullWidth component={RouterLink} to={loginPath(null, { email: email.trim() })}>
            Continue to log in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Verify your email"
      subtitle={
        params.get('email')
          ? `We sent a 6-digit code to ${params.get('email')}. Enter it below to confirm your e-mail address.`
          : 'Enter the 6-digit code we e-mailed you to confirm your e-mail address.'
      }
      footer={
        <>
          Already verified?{' '}
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Verify your email">
        <Stack spacing={2.25}>
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!emailError}
            helperText={emailError ?? undefined}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <TextField
            name="code"
            label="Verification code"
            autoComplete="one-time-code"
            required
            fullWidth
            value={code}
            onChange={(e) => setCode(cleanCode(e.target.value))}
            error={!!codeError}
            helperText={codeError ?? 'The code expires 10 minutes after it was sent.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
          />
          <Button type="submit" variant="filled-blue" size="LG" fullWidth loading={verifying}>
            Verify
          </Button>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Did not receive it?
            </Typography>
            <Button variant="underline-blue" size="SM" onClick={() => void resend()} loading={resending} disabled={cooldown.remaining > 0}>
              {cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining}s` : 'Resend code'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
