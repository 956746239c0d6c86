import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'shared-ui/router';
import { Box, Link, Stack, Typography } from 'shared-ui/mui';
import { Checkbox, FormControlLabel, TextField } from 'shared-ui/mui-inputs';
import { signupInvestor, signupOwner, useAuthUser } from 'shared-api';
import {
  BRAND,
  MESSAGES,
  paths,
  validateEmail,
  validatePassword,
  validateSignup,
  type SignupBody,
  type SignupForm,
} from 'shared-api/contract';
import { Button, toast } from 'shared-ui/core';
import { verifyPath } from '../../../lib/next-path';
import { serverMessageOr } from '../../../lib/server-message';
import { AlreadySignedIn } from './already-signed-in';
import { AuthLayout } from './auth-layout';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

type Field = Exclude<keyof SignupForm, 'agreement'>;
const FIELDS: readonly Field[] = ['first_name', 'last_name', 'email', 'password', 'confirm_password', 'user_type'];
const EMPTY: SignupForm = { first_name: '', last_name: '', email: '', password: '', confirm_password: '', user_type: '', agreement: false };

/** The "use as" choices (spec 6: the owner option's value is OWNER; admins cannot sign up here). */
export const USE_AS_OPTIONS = [
  { value: 'INVESTOR', label: 'As an investor' },
  { value: 'OWNER', label: 'As a property owner' },
] as const;

export function SignupPage() {
  const user = useAuthUser();
  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Join ${BRAND} to invest in real estate from a single unit, or to list your property.`}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </>
      }
    >
      {user ? <AlreadySignedIn /> : <SignupForm />}
    </AuthLayout>
  );
}

function SignupForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = { password: useId(), email: useId(), confirm: useId() };
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});
  // ?as=OWNER (from the List property page) preselects the use-as choice.
  const [form, setForm] = useState<SignupForm>(() => {
    const as = params.get('as');
    return USE_AS_OPTIONS.some((o) => o.value === as) ? { ...EMPTY, user_type: as ?? '' } : EMPTY;
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  const shown = (f: Field) => submitted || !!touched[f];
  const emailError = shown('email') ? validateEmail(form.email) : null;
  const passwordErrors = shown('password') ? validatePassword(form.password) : [];
  const confirmError =
    shown('confirm_password') && form.confirm_password !== '' && form.confirm_password !== form.password ? MESSAGES.passwordsDiffer : null;
  const missing = (f: Field) => submitted && form[f].trim() === '';

  const set = (f: keyof SignupForm, value: string | boolean) => setForm((s) => ({ ...s, [f]: value }));
  const touch = (f: Field) => () => setTouched((t) => (t[f] ? t : { ...t, [f]: true }));
  const bind = (f: Field) => ({
    name: f,
    value: form[f],
    onChange: (e: { target: { value: string } }) => set(f, e.target.value),
    onBlur: touch(f),
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[f] = el;
    },
  });

  const focusFirst = (bad: (f: Field) => boolean) => {
    const f = FIELDS.find(bad);
    if (f) refs.current[f]?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const v = validateSignup(form);
    if (v.form) {
      toast.error(v.form);
      focusFirst((f) => form[f].trim() === '');
      return;
    }
    if (!v.ok) {
      focusFirst(
        (f) =>
          (f === 'email' && !!v.email) || (f === 'password' && v.password.length > 0) || (f === 'confirm_password' && !!v.confirm_password),
      );
      return;
    }
    const body: SignupBody = {
      firstName: form.first_name.trim(),
      lastName: form.last_name.trim(),
      email: form.email.trim(),
      password: form.password,
    };
    setSending(true);
    try {
      await (form.user_type === 'OWNER' ? signupOwner(body) : signupInvestor(body));
      toast.success(MESSAGES.signupOk);
      navigate(verifyPath(body.email, { sent: true }));
    } catch (err) {
      toast.error(await serverMessageOr(err, MESSAGES.signupFailed));
      setSending(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <Stack spacing={2.25}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
          <TextField
            {...bind('first_name')}
            label="First name"
            autoComplete="given-name"
            required
            fullWidth
            error={missing('first_name')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            {...bind('last_name')}
            label="Last name"
            autoComplete="family-name"
            required
            fullWidth
            error={missing('last_name')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Stack>
        <TextField
          {...bind('email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={!!emailError}
          helperText={emailError ?? undefined}
          slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
        />
        <div>
          <PasswordField
            {...bind('password')}
            label="Password"
            autoComplete="new-password"
            required
            fullWidth
            error={passwordErrors.length > 0}
            describedBy={passwordErrors.length > 0 ? ids.password : undefined}
            slotProps={{ htmlInput: { maxLength: 256 } }}
          />
          <PasswordRules id={ids.password} errors={passwordErrors} />
        </div>
        <PasswordField
          {...bind('confirm_password')}
          label="Confirm password"
          autoComplete="new-password"
          required
          fullWidth
          error={!!confirmError || missing('confirm_password')}
          helperText={confirmError ?? undefined}
          slotProps={{ htmlInput: { maxLength: 256 } }}
        />
        <TextField
          {...bind('user_type')}
          select
          label="Use as"
          required
          fullWidth
          error={missing('user_type')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose how you will use {BRAND}</option>
          {USE_AS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
        <div>
          <FormControlLabel
            control={<Checkbox name="agreement" checked={form.agreement} onChange={(e) => set('agreement', e.target.checked)} />}
            label={MESSAGES.agreement}
          />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
            Read how we use your data in our{' '}
            <Link component={RouterLink} to={paths.privacy}>
              Privacy policy
            </Link>{' '}
            and our{' '}
            <Link component={RouterLink} to={paths.terms}>
              Terms and conditions
            </Link>
            .
          </Typography>
        </div>
        <Button type="submit" variant="filled-blue" size="LG" fullWidth disabled={!form.agreement} loading={sending}>
          Sign Up
        </Button>
      </Stack>
    </Box>
  );
}
