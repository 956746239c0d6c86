// "Passkeys": add one on this device (a name, then the browser's own prompt), see each with
// when it was added and last used, remove one after a confirmation ("Confirm it's you" when
// the sign-in is not recent). A passkey signs in without the password and counts as a
// second factor.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper } from 'shared-ui/mui-surfaces';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, formatDate, toast } from 'shared-ui';
import { ConfirmDialog, useStepUp } from 'shared-ui/display';
import { ErrorState } from 'shared-ui/components';
import { readError } from 'shared-api';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type PasskeyInfo } from 'shared-api/contract/passkeys';
import { addPasskey, listPasskeys, passkeyProblem, removePasskey } from 'shared-api/passkeys';

export function PasskeysCard() {
  const heading = useId();
  const [items, setItems] = useState<PasskeyInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();
  const problem = passkeyProblem();

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setItems(await listPasskeys());
    } catch (err) {
      setLoadError(await readError(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!removing || busy) return;
    setBusy(true);
    try {
      await stepUp.guard(() => removePasskey(removing.id));
      toast.success(PASSKEY_MESSAGES.removed);
      setItems((list) => (list ?? []).filter((p) => p.id !== removing.id));
      setRemoving(null);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={heading} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <div>
        <Typography id={heading} component="h2" variant="h6" sx={{ mb: 0.5 }}>
          Passkeys
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Sign in with your fingerprint, face or device PIN instead of a password. A passkey also counts as your second factor.
        </Typography>
      </div>
      {problem && (
        <Alert severity="info" role="status">
          {problem}
        </Alert>
      )}
      {loadError && !items ? (
        <ErrorState message={loadError} onRetry={() => void load()} />
      ) : !items ? (
        <Typography role="status" color="text.secondary">
          Loading...
        </Typography>
      ) : (
        <>
          {items.length === 0 ? (
            <Typography>You have no passkeys yet.</Typography>
          ) : (
            <Box component="ul" aria-label="Your passkeys" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {items.map((p) => (
                <Box
                  component="li"
                  key={p.id}
                  sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
                >
                  <div>
                    <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Added {formatDate(p.createdAt)} · {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt)}` : 'not used yet'}
                    </Typography>
                  </div>
                  <Button variant="outline-blue" size="SM" onClick={() => setRemoving(p)} aria-label={`Remove passkey ${p.name}`}>
                    Remove
                  </Button>
                </Box>
              ))}
            </Box>
          )}
          {adding ? (
            <AddForm
              onCancel={() => setAdding(false)}
              onAdded={(p) => {
                setItems((list) => [...(list ?? []), p]);
                setAdding(false);
              }}
              guard={stepUp.guard}
            />
          ) : (
            <Box>
              <Button variant="filled-blue" size="SM" disabled={!!problem} onClick={() => setAdding(true)}>
                Add a passkey
              </Button>
            </Box>
          )}
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove this passkey?"
        message={`"${removing?.name ?? ''}" will no longer sign you in. We will e-mail you about the change.`}
        confirmLabel="Remove"
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
      {stepUp.dialog}
    </Paper>
  );
}

function AddForm({
  onCancel,
  onAdded,
  guard,
}: {
  onCancel: () => void;
  onAdded: (p: PasskeyInfo) => void;
  guard: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setError(PASSKEY_MESSAGES.nameNeeded);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const added = await guard(() => addPasskey(name.trim()));
      toast.success(PASSKEY_MESSAGES.added);
      onAdded(added);
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a passkey" sx={{ display: 'grid', gap: 2, maxWidth: 360 }}>
      <TextField
        name="passkeyName"
        label="Name of the passkey"
        helperText={error ?? 'For example "Work laptop" or "Phone"'}
        error={!!error}
        autoFocus
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="filled-blue" size="SM" loading={busy}>
          Create passkey
        </Button>
        <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
