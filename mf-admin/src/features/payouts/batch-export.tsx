// The bank file of the withdrawals waiting to be paid: one batch, downloaded as CSV and as
// ISO 20022 pain.001 XML. The server records it (and audits the read of the bank details),
// so a withdrawal goes into a file once unless finance exports it again on purpose.
import { useState } from 'react';
import { Box } from 'shared-ui/mui';
import { Checkbox, FormControlLabel } from 'shared-ui/mui-forms';
import { Button, ConfirmDialog, formatMoney, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { createPayoutBatch } from 'shared-api/admin';
import { queryKeys, useInvalidate } from 'shared-api/query';
import { saveFile } from '../../lib/download';

export function BatchExport() {
  const [open, setOpen] = useState(false);
  const [again, setAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();

  const run = async () => {
    setBusy(true);
    try {
      const { batch, csv, xml } = await createPayoutBatch({ all: true, ...(again ? { reexport: true } : {}) });
      const name = `payouts-${batch.createdAt.slice(0, 10)}-${batch._id.slice(0, 8)}`;
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
      saveFile(new Blob([xml], { type: 'application/xml;charset=utf-8' }), `${name}.xml`);
      toast.success(`Bank file of ${batch.count} withdrawal${batch.count === 1 ? '' : 's'} (${formatMoney(batch.total)}) downloaded`);
      setOpen(false);
      void invalidate(queryKeys.admin.all);
    } catch (e) {
      toast.error(await readError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Button variant="filled-blue" size="SM" onClick={() => setOpen(true)}>
        Export bank file
      </Button>
      <FormControlLabel
        control={<Checkbox checked={again} onChange={(e) => setAgain(e.target.checked)} />}
        label="Include withdrawals already in a bank file (export again)"
      />
      <ConfirmDialog
        open={open}
        title="Export a bank file?"
        message={`Every withdrawal waiting to be paid${again ? '' : ' and not yet in a bank file'} goes into one file (CSV and pain.001 XML) with the full bank details. The export is recorded in the audit trail. Mark each one paid once the bank has sent it.`}
        confirmLabel="Export and download"
        destructive={false}
        loading={busy}
        onConfirm={() => void run()}
        onCancel={() => setOpen(false)}
      />
    </Box>
  );
}
