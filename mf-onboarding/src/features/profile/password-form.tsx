import { useId, useRef, useState, type FormEvent } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { Checkbox, FormControlLabel, TextField } from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { ConfirmDialog, useStepUp } from 'shared-ui/display';
import { readError, updatePassword, useSessionStore } from 'shared-api';
import { MESSAGES, validatePassword } from 'shared-api/contract';

type Field = 'current' | 'next' | 'confirm';
const CURRENT_REQUIRED = 'Please enter your current password';
const CONFIRM_REQUIRED = 'Please confirm your new password';
const SAME_PASSWORD = 'The new password must differ from the current one';

/** Change the password: the current one is required, the new one follows spec 5's rules. */
export function PasswordForm() {
  const ids = { current: useId(), next: useId(), confirm: useId(), rules: useId() };
  const refs = { current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [show, setShow] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const stepUp = useStepUp();

  const rules = validatePassword(values.next);
  const showRules = values.next !== '' || submitted;

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const next: Partial<Record<Field, string>> = {};
    if (!values.current) next.current = CURRENT_REQUIRED;
    if (rules.length > 0) next.next = rules[0];
    else if (values.next === values.current) next.next = SAME_PASSWORD;
    if (!values.confirm) next.confirm = CONFIRM_REQUIRED;
    else if (values.confirm !== values.next) next.confirm = MESSAGES.passwordsDiffer;
    const first = (['current', 'next', 'confirm'] as Field[]).find((f) => next[f]);
    setErrors(next);
    if (first) {
      toast.error(next[first] as string);
      refs[first].current?.focus();
      return;
    }
    setConfirming(true);
  };

  const change = async () => {
    setSaving(true);
    try {
      const body = { currentPassword: values.current, newPassword: values.next };
      const result = await stepUp.guard(() => updatePassword(body));
      // Every session ended with the change; this one continues with the fresh token.
      const { user, setSession } = useSessionStore.getState();
      if (user) setSession(user, result.accessToken);
      setValues({ current: '', next: '', confirm: '' });
      setSubmitted(false);
      setConfirming(false);
      toast.success(result.message || 'Your password has been changed');
    } catch (err) {
      const message = await readError(err);
      setConfirming(false);
      toast.error(message);
      if (/current password/i.test(message)) {
        setErrors({ current: message });
        refs.current.current?.focus();
      }
    } finally {
      setSaving(false);
    }
  };

  const type = show ? 'text' : 'password';
  return (
    <Paper component="form" noValidate onSubmit={onSubmit} aria-labelledby="password-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="password-heading" component="h2" variant="h6" sx={{ mb: 0.5 }}>
        Password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changing your password signs you out on every other device.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <TextField
          id={ids.current}
          inputRef={refs.current}
          label="Current password"
          type={type}
          value={values.current}
          onChange={(e) => set('current', e.target.value)}
          required
          error={!!errors.current}
          helperText={errors.current}
          slotProps={{ htmlInput: { autoComplete: 'current-password', maxLength: 256 } }}
          sx={{ gridColumn: { md: '1 / -1' }, maxWidth: { md: 'calc(50% - 10px)' } }}
        />
        <Box>
          <TextField
            id={ids.next}
            inputRef={refs.next}
            label="New password"
            type={type}
            value={values.next}
            onChange={(e) => set('next', e.target.value)}
            required
            fullWidth
            error={!!errors.next || (submitted && rules.length > 0)}
            slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 256, 'aria-describedby': ids.rules } }}
          />
          <Box id={ids.rules} sx={{ mt: 1 }}>
            {showRules && rules.length > 0 ? (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {rules.map((r) => (
                  <Typography component="li" variant="body2" color="error" key={r}>
                    {r}
                  </Typography>
                ))}
              </Box>
            ) : errors.next ? (
              <Typography variant="body2" color="error">
                {errors.next}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {showRules
                  ? 'This password meets every rule.'
                  : 'At least 8 characters, with a lowercase letter, an uppercase letter and a number.'}
              </Typography>
            )}
          </Box>
        </Box>
        <TextField
          id={ids.confirm}
          inputRef={refs.confirm}
          label="Confirm new password"
          type={type}
          value={values.confirm}
          onChange={(e) => set('confirm', e.target.value)}
          required
          error={!!errors.confirm}
          helperText={errors.confirm}
          slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 256 } }}
        />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={show} onChange={(e) => setShow(e.target.checked)} />}
        label="Show passwords"
        sx={{ mt: 1 }}
      />
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="filled-blue" size="MD" loading={saving}>
          Change password
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Change your password?"
        message="You stay signed in here. Every other device where you are signed in will be signed out."
        confirmLabel="Change password"
        destructive={false}
        loading={saving}
        onConfirm={change}
        onCancel={() => setConfirming(false)}
      />
      {stepUp.dialog}
    </Paper>
  );
}
