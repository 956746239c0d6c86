// The "Confirm it's you" dialog of useStepUp (./step-up.tsx), in a file of its own so that
// it and MUI's inputs load only when it first opens.
import { useId, useState, type FormEvent } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { TextField } from 'shared-ui/mui-inputs';
import { getTwoFactor, readError, stepUp } from 'shared-api';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { listPasskeys, stepUpWithPasskey } from 'shared-api/passkeys';
import { Button } from './button';
import { Modal } from './modal';

export default function StepUpDialog({ open, onDone, onCancel }: { open: boolean; onDone: () => void; onCancel: () => void }) {
  const formId = useId();
  const [withCode, setWithCode] = useState<boolean | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // A person with a passkey may confirm with it; with passkeys only, that is the one way.
  const [hasPasskey, setHasPasskey] = useState(false);

  if (open && !loaded) {
    setLoaded(true);
    setWithCode(null);
    setHasPasskey(false);
    Promise.resolve()
      .then(() => Promise.all([getTwoFactor(), listPasskeys().catch(() => [])]))
      .then(([s, keys]) => {
        setHasPasskey(keys.length > 0);
        setWithCode(s.enabled);
      })
      .catch(() => setWithCode(false));
  }
  const passkeyOnly = hasPasskey && withCode === false;

  async function withPasskey() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await stepUpWithPasskey();
      onDone();
    } catch (err) {
      setError(await readError(err));
    } finally {
      setSending(false);
    }
  }
  if (!open && loaded) {
    setLoaded(false);
    setValue('');
    setError(null);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending || withCode === null) return;
    if (passkeyOnly) {
      await withPasskey();
      return;
    }
    if (!value.trim()) {
      setError(withCode ? TWO_FACTOR_MESSAGES.codeNeeded : 'Please enter your password');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await stepUp(withCode ? { code: value.trim() } : { password: value });
      onDone();
    } catch (err) {
      setError(await readError(err));
    } finally {
      setSending(false);
    }
  }

  const label = withCode ? 'Authentication code' : 'Password';
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirm it's you"
      maxWidth="xs"
      disableClose={sending}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          {hasPasskey && !passkeyOnly && (
            <Button variant="outline-blue" size="SM" onClick={() => void withPasskey()} disabled={sending}>
              Use a passkey
            </Button>
          )}
          <Button type="submit" form={formId} variant="filled-blue" size="SM" loading={sending} disabled={withCode === null}>
            {passkeyOnly ? 'Use a passkey' : 'Confirm'}
          </Button>
        </>
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={onSubmit} aria-label="Confirm it's you">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {passkeyOnly
            ? 'For your safety, confirm with your passkey to go on.'
            : withCode
              ? 'For your safety, enter the code from your authenticator app (or a recovery code) to go on.'
              : 'For your safety, enter your password to go on.'}
        </Typography>
        {passkeyOnly ? (
          error && (
            <Typography role="alert" color="error">
              {error}
            </Typography>
          )
        ) : (
          <TextField
            name={withCode ? 'code' : 'password'}
            label={label}
            type={withCode ? 'text' : 'password'}
            autoComplete={withCode ? 'one-time-code' : 'current-password'}
            autoFocus
            fullWidth
            required
            disabled={withCode === null}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!error}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: withCode ? 32 : 256 } }}
          />
        )}
      </Box>
    </Modal>
  );
}
