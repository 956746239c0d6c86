import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Stack, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { generateOtp, readError, resetPassword } from 'shared-api';
import { MESSAGES, validateEmail, validatePassword } from 'shared-api/contract';
import { Button, Modal, toast } from 'shared-ui/core';
import { useCooldown } from '../hooks/use-cooldown';
import { CODE_MESSAGE, RESEND_COOLDOWN_SECONDS, cleanCode } from '../lib/destination';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

export interface ForgotPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
  /** The password was changed: back to the log-in form with this e-mail. */
  onDone: (email: string) => void;
}

/** "Forgot password": an e-mailed code (OTP, purpose RESET_PASSWORD), then a new password. */
export function ForgotPasswordDialog({ open, initialEmail, onClose, onDone }: ForgotPasswordDialogProps) {
  const formId = useId();
  const rulesId = useId();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const cooldown = useCooldown();

  // Every opening starts over with the e-mail typed on the log-in form.
  useEffect(() => {
    if (!open) return;
    setStep('email');
    setEmail(initialEmail);
    setCode('');
    setPassword('');
    setConfirm('');
    setSubmitted(false);
    setSentNote(null);
  }, [open, initialEmail]);

  const emailError = submitted && step === 'email' ? validateEmail(email) : null;
  const passwordErrors = submitted && step === 'reset' ? validatePassword(password) : [];
  const codeError = submitted && step === 'reset' && code.length !== 6 ? CODE_MESSAGE : null;
  const confirmError = submitted && step === 'reset' && (confirm === '' || confirm !== password) ? MESSAGES.passwordsDiffer : null;

  async function sendCode() {
    setSending(true);
    try {
      const res = await generateOtp({ email: email.trim(), purpose: 'RESET_PASSWORD' });
      setSentNote(res.message);
      cooldown.start(RESEND_COOLDOWN_SECONDS);
      setStep('reset');
      setSubmitted(false);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (step === 'email') {
      if (validateEmail(email)) return;
      await sendCode();
      return;
    }
    if (code.length !== 6 || validatePassword(password).length > 0 || confirm !== password) return;
    setSending(true);
    try {
      const res = await resetPassword({ email: email.trim(), code, newPassword: password });
      toast.success(res.message);
      onDone(email.trim());
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Reset your password"
      disableClose={sending}
      actions={
        <>
          <Button variant="text" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="filled-blue" loading={sending}>
            {step === 'email' ? 'Send code' : 'Change password'}
          </Button>
        </>
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={onSubmit} aria-label="Reset your password">
        {step === 'email' ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              Enter the e-mail address of your account and we will send you a code to choose a new password.
            </Typography>
            <TextField
              label="Email"
              type="email"
              name="reset-email"
              autoComplete="username"
              required
              fullWidth
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!emailError}
              helperText={emailError ?? undefined}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
          </Stack>
        ) : (
          <Stack spacing={2}>
            {sentNote && <Alert severity="info">{sentNote}</Alert>}
            <TextField
              label="Code"
              name="reset-code"
              autoComplete="one-time-code"
              required
              fullWidth
              value={code}
              onChange={(e) => setCode(cleanCode(e.target.value))}
              error={!!codeError}
              helperText={codeError ?? `Sent to ${email.trim()}`}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <div>
              <PasswordField
                label="New password"
                name="new-password"
                autoComplete="new-password"
                required
                fullWidth
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={passwordErrors.length > 0}
                describedBy={passwordErrors.length > 0 ? rulesId : undefined}
                slotProps={{ htmlInput: { maxLength: 256 } }}
              />
              <PasswordRules id={rulesId} errors={passwordErrors} />
            </div>
            <PasswordField
              label="Confirm new password"
              name="confirm-new-password"
              autoComplete="new-password"
              required
              fullWidth
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={!!confirmError}
              helperText={confirmError ?? undefined}
              slotProps={{ htmlInput: { maxLength: 256 } }}
            />
            <Box>
              <Button variant="underline-blue" size="SM" onClick={() => void sendCode()} disabled={sending || cooldown.remaining > 0}>
                {cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining}s` : 'Resend code'}
              </Button>
            </Box>
          </Stack>
        )}
      </Box>
    </Modal>
  );
}
