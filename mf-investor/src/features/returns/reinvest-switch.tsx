// A holding's "Reinvest income" switch: saved at once (no money moves when it is flipped),
// its state said in words, a failure shown and the switch put back.
import { useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Checkbox, FormControlLabel } from 'shared-ui/mui-forms';
import { toast } from 'shared-ui/core';
import { readError, setReinvest } from 'shared-api';

export function ReinvestSwitch({ propertyId, propertyName, initial }: { propertyId: string; propertyName: string; initial: boolean }) {
  const [enabled, setEnabled] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const helpId = useId();

  const change = async (next: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await setReinvest(propertyId, next);
      setEnabled(saved.enabled);
      toast.success(
        saved.enabled ? `Income from ${propertyName} will be reinvested` : `Income from ${propertyName} will be paid to your wallet`,
      );
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={enabled}
            disabled={busy}
            onChange={(e) => void change(e.target.checked)}
            slotProps={{ input: { role: 'switch', 'aria-describedby': helpId } }}
          />
        }
        label="Reinvest income"
      />
      <Typography id={helpId} variant="body2" color="text.secondary">
        {enabled
          ? `On: each distribution from ${propertyName} buys whole units of it at the unit price when units are available; the remainder stays in your wallet.`
          : 'Off: distributions are paid into your wallet. Turn this on to buy whole units of the same property with them when units are available; the remainder stays in your wallet.'}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert">
          Could not change reinvesting: {failure}
        </Alert>
      )}
    </Box>
  );
}
