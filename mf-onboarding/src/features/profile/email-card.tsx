// "E-mail address": change the address you sign in with. Asking ("Confirm it's you" first)
// mails a link to the new address and a notice to the old; the card then shows the change
// as pending. Opening the link brings you here with ?email-change=…, where one click makes
// the change (signed in as the same person); the session goes on with the new address.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper } from 'shared-ui/mui-surfaces';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, formatDate, toast } from 'shared-ui';
import { useStepUp } from 'shared-ui/display';
import { useSearchParams } from 'shared-ui/router';
import { confirmEmailChange, getEmailChange, readError, requestEmailChange, useSessionStore } from 'shared-api';
import { EMAIL_CHANGE_MESSAGES, validateEmail, type EmailChangePending, type User } from 'shared-api/contract';

/** The confirmation link's query parameter (the server's EMAIL_CHANGE_PARAM). */
export const EMAIL_CHANGE_PARAM = 'email-change';

export function EmailCard({ user }: { user: User }) {
  const heading = useId();
  const [params, setParams] = useSearchParams();
  const token = params.get(EMAIL_CHANGE_PARAM);
  const [pending, setPending] = useState<EmailChangePending['pending']>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(async () => {
    try {
      setPending((await getEmailChange()).pending);
    } catch {
      // Not fatal: the card still offers the change.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const dropToken = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(EMAIL_CHANGE_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Paper component="section" aria-labelledby={heading} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <div>
        <Typography id={heading} component="h2" variant="h6" sx={{ mb: 0.5 }}>
          E-mail address
        </Typography>
        <Typography variant="body2" color="text.secondary">
          You sign in with <strong>{user.email}</strong>, and our e-mails go there.
        </Typography>
      </div>
      {token ? (
        <ConfirmStep
          token={token}
          onDone={() => {
            dropToken();
            setPending(null);
          }}
        />
      ) : editing ? (
        <ChangeForm
          current={user.email}
          onCancel={() => setEditing(false)}
          onSent={() => {
            setEditing(false);
            void load();
          }}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          {pending && (
            <Alert severity="info" role="status" sx={{ width: '100%' }}>
              Waiting for you to open the link we sent to <strong>{pending.newEmail}</strong> (until{' '}
              {formatDate(pending.expiresAt, 'datetime')}). Your address changes then.
            </Alert>
          )}
          <Button variant="outline-blue" size="SM" onClick={() => setEditing(true)}>
            {pending ? 'Change e-mail again' : 'Change e-mail'}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function ChangeForm({ current, onCancel, onSent }: { current: string; onCancel: () => void; onSent: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const newEmail = value.trim().toLowerCase();
    const problem = validateEmail(newEmail) ?? (newEmail === current ? EMAIL_CHANGE_MESSAGES.sameAddress : null);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await stepUp.guard(() => requestEmailChange({ newEmail }));
      toast.success(res.message);
      onSent();
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Change e-mail" sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <Typography>
        We will send a link to the new address; your address changes when you open it. Your current address is told too.
      </Typography>
      <TextField
        name="newEmail"
        type="email"
        label="New e-mail address"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="filled-blue" size="SM" loading={busy}>
          Send the link
        </Button>
        <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
      {stepUp.dialog}
    </Box>
  );
}

function ConfirmStep({ token, onDone }: { token: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await confirmEmailChange({ token });
      useSessionStore.getState().setUser(res.user);
      toast.success(res.message);
      onDone();
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Typography>You opened the link to change your e-mail address. Confirm to sign in with the new address from now on.</Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="filled-blue" size="SM" loading={busy} onClick={() => void confirm()}>
          Confirm the new address
        </Button>
        <Button variant="outline-blue" size="SM" onClick={onDone} disabled={busy}>
          {error ? 'Close' : 'Not now'}
        </Button>
      </Box>
    </Box>
  );
}
