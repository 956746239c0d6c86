// Profile's "Notifications" card (issue 19): which notices also come by e-mail. One switch
// per kind; security and money notices are always e-mailed (shown on and disabled, with
// the reason). Saved with the button; the server's message on failure.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper } from 'shared-ui/mui-surfaces';
import { Checkbox, FormControlLabel } from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { ErrorState, LoadingState } from 'shared-ui/components';
import { getNotificationPreferences, readError, updateNotificationPreferences } from 'shared-api';
import type { NotificationKind, NotificationPreferences } from 'shared-api/contract';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from 'shared-api/contract/dashboard';

export const MANDATORY_REASON = 'Security and money notices are always e-mailed';
export const SAVED_MESSAGE = 'Your e-mail settings are saved';

type Email = Record<NotificationKind, boolean>;

export function NotificationsCard() {
  const headingId = useId();
  const reasonId = useId();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [draft, setDraft] = useState<Email | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const saved = await getNotificationPreferences();
      setPrefs(saved);
      setDraft(saved.email);
    } catch (err) {
      setLoadError(await readError(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const mandatory = new Set<NotificationKind>(prefs?.mandatory ?? []);
  const changed = prefs && draft ? NOTIFICATION_KINDS.filter((k) => !mandatory.has(k) && draft[k] !== prefs.email[k]) : [];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || changed.length === 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      const body: Partial<Email> = {};
      for (const k of changed) body[k] = draft[k];
      const saved = await updateNotificationPreferences(body);
      setPrefs(saved);
      setDraft(saved.email);
      toast.success(SAVED_MESSAGE);
    } catch (err) {
      const message = await readError(err);
      setSaveError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 0.5 }}>
        Notifications
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every notice shows under the bell at the top of your dashboard. Choose which also come by e-mail.
      </Typography>
      {loadError !== null ? (
        <ErrorState
          title="Could not load your notification settings"
          message={loadError}
          retrying={retrying}
          onRetry={() => {
            setRetrying(true);
            void load().finally(() => setRetrying(false));
          }}
        />
      ) : !draft ? (
        <LoadingState label="Loading your notification settings..." variant="skeleton" rows={4} />
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
              Also e-mail me when…
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
              {NOTIFICATION_KINDS.map((kind) => {
                const locked = mandatory.has(kind);
                return (
                  <FormControlLabel
                    key={kind}
                    sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                    control={
                      <Checkbox
                        checked={locked ? true : draft[kind]}
                        disabled={locked || saving}
                        onChange={(e) => setDraft((d) => (d ? { ...d, [kind]: e.target.checked } : d))}
                        slotProps={{ input: { role: 'switch', ...(locked ? { 'aria-describedby': reasonId } : {}) } }}
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'block', pt: 0.75 }}>
                        {NOTIFICATION_KIND_LABELS[kind]}
                        {locked && (
                          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            Always
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                );
              })}
            </Box>
          </Box>
          {mandatory.size > 0 && (
            <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {MANDATORY_REASON}.
            </Typography>
          )}
          {saveError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              Could not save your e-mail settings: {saveError}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="filled-blue" size="MD" loading={saving} disabled={changed.length === 0}>
              Save e-mail settings
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
