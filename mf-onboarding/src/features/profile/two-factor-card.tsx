// "Two-factor sign-in": turn on TOTP codes from an authenticator app (QR or the setup key,
// then a first code), see the recovery codes once (copy or download), make new recovery
// codes ("Confirm it's you" first), or turn it off with the password and a current code.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper } from 'shared-ui/mui-surfaces';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, formatDate, saveFile, toast } from 'shared-ui';
import { ErrorState } from 'shared-ui/components';
import { ConfirmDialog, useStepUp } from 'shared-ui/display';
import {
  confirmTwoFactor,
  getMe,
  getTwoFactor,
  readError,
  removeTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  useSessionStore,
} from 'shared-api';
import { BRAND, TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from 'shared-api/contract';

type View = { kind: 'status' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'remove' };

/** The card's anchor: the admin console links here when an admin must enrol first. */
export const TWO_FACTOR_CARD_ID = 'two-factor';

/** The session's user again: an admin's console opens once a factor is on (twoFactorRequired). */
function refreshUser(): void {
  getMe().then(
    (u) => useSessionStore.getState().setUser(u),
    () => undefined,
  );
}

export function TwoFactorCard() {
  const heading = useId();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [busy, setBusy] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const stepUp = useStepUp();

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setStatus(await getTwoFactor());
    } catch (err) {
      setLoadError(await readError(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // The admin console's "Set up two-factor sign-in" links to this card.
  const loaded = status !== null;
  useEffect(() => {
    if (loaded && window.location.hash === `#${TWO_FACTOR_CARD_ID}`) document.getElementById(TWO_FACTOR_CARD_ID)?.scrollIntoView?.();
  }, [loaded]);

  const start = async () => {
    setBusy(true);
    try {
      setView({ kind: 'setup', setup: await startTwoFactorSetup() });
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  const renew = async () => {
    // The confirmation closes first: "Confirm it's you" may open next.
    setRenewing(false);
    setBusy(true);
    try {
      const renewed = await stepUp.guard(() => renewRecoveryCodes());
      setStatus(renewed.status);
      setView({ kind: 'codes', codes: renewed.recoveryCodes });
      toast.success('New recovery codes made; the old ones no longer work.');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="section"
      id={TWO_FACTOR_CARD_ID}
      aria-labelledby={heading}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, scrollMarginTop: 80 }}
    >
      <div>
        <Typography id={heading} component="h2" variant="h6" sx={{ mb: 0.5 }}>
          Two-factor sign-in
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Signing in also asks for a code from an authenticator app on your phone, so your password alone is not enough.
        </Typography>
      </div>
      {loadError && !status ? (
        <ErrorState message={loadError} onRetry={() => void load()} />
      ) : !status ? (
        <Typography role="status" color="text.secondary">
          Loading...
        </Typography>
      ) : view.kind === 'setup' ? (
        <SetupStep
          setup={view.setup}
          onCancel={() => setView({ kind: 'status' })}
          onEnabled={(codes, s) => {
            setStatus(s);
            setView({ kind: 'codes', codes });
            refreshUser();
          }}
        />
      ) : view.kind === 'codes' ? (
        <RecoveryCodes codes={view.codes} onDone={() => setView({ kind: 'status' })} />
      ) : view.kind === 'remove' ? (
        <RemoveStep
          onCancel={() => setView({ kind: 'status' })}
          onRemoved={(s) => {
            setStatus(s);
            setView({ kind: 'status' });
            refreshUser();
          }}
        />
      ) : status.enabled ? (
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Alert severity="success" sx={{ width: '100%' }}>
            Two-factor sign-in is on{status.enabledAt ? ` since ${formatDate(status.enabledAt)}` : ''}. {status.recoveryCodesLeft} recovery
            code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outline-blue" size="SM" loading={busy} onClick={() => setRenewing(true)}>
              New recovery codes
            </Button>
            <Button variant="outline-blue" size="SM" onClick={() => setView({ kind: 'remove' })}>
              Turn off two-factor sign-in
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography>Two-factor sign-in is off.</Typography>
          <Button variant="filled-blue" size="SM" loading={busy} onClick={() => void start()}>
            Set up two-factor sign-in
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={renewing}
        title="Make new recovery codes?"
        message="Your current recovery codes stop working at once, used or not. The ten new ones are shown once; we will e-mail you about the change."
        confirmLabel="Make new codes"
        loading={busy}
        onConfirm={() => void renew()}
        onCancel={() => setRenewing(false)}
      />
      {stepUp.dialog}
    </Paper>
  );
}

function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[], status: TwoFactorStatus) => void;
}) {
  const keyId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeNeeded);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const on = await confirmTwoFactor(code.trim());
      toast.success('Two-factor sign-in is on.');
      onEnabled(on.recoveryCodes, on.status);
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  // The key in groups of four, as apps show it.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Set up two-factor sign-in" sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        1. Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </Typography>
      <Box
        component="img"
        src={setup.qrDataUrl}
        alt={`QR code to add ${BRAND} to your authenticator app`}
        sx={{ width: 200, height: 200, maxWidth: '100%', bgcolor: '#fff', justifySelf: 'start' }}
      />
      <div>
        <Typography variant="body2" color="text.secondary" id={keyId}>
          Or type this setup key into the app:
        </Typography>
        <Typography
          aria-labelledby={keyId}
          data-testid="two-factor-secret"
          data-secret={setup.secret}
          sx={{ fontFamily: 'monospace', fontSize: 16, wordBreak: 'break-all', userSelect: 'all' }}
        >
          {grouped}
        </Typography>
      </div>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        name="code"
        label="Code from the app"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={!!error}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: 12, inputMode: 'numeric' } }}
        sx={{ maxWidth: 240 }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="filled-blue" size="SM" loading={busy}>
          Turn on
        </Button>
        <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const listId = useId();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy: select the codes and copy them yourself.');
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. Each works once if you lose your phone. They are shown only now.
      </Alert>
      <Box
        component="ul"
        id={listId}
        aria-label="Recovery codes"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}
      >
        {codes.map((c) => (
          <Box component="li" key={c} sx={{ fontFamily: 'monospace', fontSize: 16 }}>
            {c}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outline-blue" size="SM" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="outline-blue"
          size="SM"
          onClick={() =>
            saveFile(
              new Blob([`${BRAND} recovery codes\n\n${text}\n`], { type: 'text/plain' }),
              `${BRAND.toLowerCase()}-recovery-codes.txt`,
            )
          }
        >
          Download codes
        </Button>
        <Button variant="filled-blue" size="SM" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Box>
  );
}

function RemoveStep({ onCancel, onRemoved }: { onCancel: () => void; onRemoved: (s: TwoFactorStatus) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password || !code.trim()) {
      setError('Please enter your password and a code from your app');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const s = await removeTwoFactor({ password, code: code.trim() });
      toast.success(TWO_FACTOR_MESSAGES.removed);
      onRemoved(s);
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Turn off two-factor sign-in"
      sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
    >
      <Typography>To turn it off, confirm it's you. We will e-mail you about the change.</Typography>
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 256 } }}
      />
      <TextField
        name="code"
        label="Code from the app (or a recovery code)"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="filled-red" size="SM" loading={busy}>
          Turn off
        </Button>
        <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
