// The withdrawal's bank account in the mark-paid dialog: masked at first; "Show full details"
// reads it in full from the audited endpoint (each reveal is in the audit log).
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Button } from 'shared-ui';
import { readError } from 'shared-api';
import { getPayoutDestinationInFull } from 'shared-api/admin';
import type { AdminPayout, PayoutDestinationDetails } from 'shared-api/contract';
import { describeDestination, PAYOUT_DESTINATION_KIND_LABELS } from 'shared-api/contract/dashboard';

/** "IBAN •••• 3000 · Erika Mustermann", or a note for withdrawals older than destinations. */
export function MaskedDestination({ payout }: { payout: AdminPayout }) {
  if (!payout.destination) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Not recorded
      </Typography>
    );
  }
  return <span>{describeDestination(payout.destination)}</span>;
}

const ROWS: [keyof PayoutDestinationDetails, string][] = [
  ['holderName', 'Account holder'],
  ['routingNumber', 'Routing number'],
  ['accountNumber', 'Account number'],
  ['iban', 'IBAN'],
  ['bic', 'BIC'],
  ['country', 'Country'],
];

export function DestinationDetails({ payout }: { payout: AdminPayout }) {
  const [full, setFull] = useState<PayoutDestinationDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const d = payout.destination;

  const reveal = async () => {
    setBusy(true);
    setError(null);
    try {
      setFull(await getPayoutDestinationInFull(payout._id));
    } catch (err) {
      setError(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  if (!d) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        This withdrawal was requested before bank accounts were recorded: ask the person where to pay it.
      </Alert>
    );
  }
  return (
    <Box component="section" aria-label="Pay to" sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" component="h3">
        Pay to: {PAYOUT_DESTINATION_KIND_LABELS[d.kind]}
      </Typography>
      {full ? (
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
          {ROWS.filter(([k]) => full[k]).map(([k, label]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {full[k]}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {describeDestination(d)} ({d.country})
          </Typography>
          <Button variant="outline-blue" size="XS" onClick={() => void reveal()} loading={busy} sx={{ mt: 1 }}>
            Show full details
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Viewing the full account details is recorded in the audit log.
          </Typography>
        </>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
