// An owner asks the holders of a live listing to vote: the kind (with its decision rule shown
// before anything is sent), a title, what it is about, the price or budget where the kind has
// one, and how many days the vote stays open. It opens at once; every holder is told.
// Documents (a broker's opinion, a repair quote) go with it: sent once it is raised.
import { useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Checkbox, FormControlLabel, MenuItem, TextField } from 'shared-ui/mui-forms';
import { Button, FilePicker, Modal, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { addProposalDocuments, raiseProposal } from 'shared-api/votes';
import type { CreateProposalBody, Property, ProposalKind } from 'shared-api/contract';
import {
  PROPOSAL_DEFAULT_RULES,
  PROPOSAL_KINDS,
  PROPOSAL_KIND_LABELS,
  PROPOSAL_MAX_DAYS,
  PROPOSAL_MAX_DOCUMENTS,
  PROPOSAL_MIN_DAYS,
  proposalRuleText,
} from 'shared-api/contract/votes';

export interface RaiseProposalDialogProps {
  property: Pick<Property, '_id' | 'name'>;
  open: boolean;
  onClose: () => void;
}

/** The request, or what is wrong with the form (checked before sending; the server checks again). */
export function proposalBody(
  f: { kind: ProposalKind; title: string; description: string; amount: string; floor: boolean; days: string },
  now = Date.now(),
): CreateProposalBody | string {
  if (f.title.trim().length < 3) return 'Give the proposal a title of at least 3 characters';
  const days = Number(f.days);
  if (!Number.isInteger(days) || days < PROPOSAL_MIN_DAYS || days > PROPOSAL_MAX_DAYS)
    return `The vote stays open ${PROPOSAL_MIN_DAYS} to ${PROPOSAL_MAX_DAYS} days`;
  const body: CreateProposalBody = {
    kind: f.kind,
    title: f.title.trim(),
    description: f.description.trim(),
    closesAt: new Date(now + days * 86_400_000).toISOString(),
  };
  if (f.kind === 'SELL' || f.kind === 'REPAIR') {
    const amount = Number(f.amount.replace(/[$,\s]/g, ''));
    if (!/^\d+(\.\d{1,2})?$/.test(f.amount.replace(/[$,\s]/g, '')) || amount <= 0)
      return f.kind === 'SELL' ? 'Give the price in dollars' : 'Give the budget in dollars';
    if (f.kind === 'SELL') Object.assign(body, { price: amount, priceIsFloor: f.floor });
    else body.budget = amount;
  }
  return body;
}

export function RaiseProposalDialog({ property, open, onClose }: RaiseProposalDialogProps) {
  const id = useId();
  const [kind, setKind] = useState<ProposalKind>('ADVISORY');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [floor, setFloor] = useState(true);
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [documents, setDocuments] = useState<File[]>([]);

  const submit = async () => {
    const body = proposalBody({ kind, title, description, amount, floor, days });
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const raised = await raiseProposal(property._id, body);
      if (documents.length > 0) {
        try {
          await addProposalDocuments(raised._id, documents);
        } catch (err) {
          toast.error(`The vote is open, but its documents could not be uploaded: ${await readError(err)}`);
        }
      }
      toast.success(`The vote on “${body.title}” is open: the holders of ${property.name} are told`);
      onClose();
    } catch (err) {
      setProblem(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      disableClose={busy}
      title={`Ask the holders of ${property.name} to vote`}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="filled-blue" size="SM" type="submit" form={`${id}-form`} loading={busy}>
            Open the vote
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={`${id}-form`}
        noValidate
        aria-label={`New proposal for ${property.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField select label="Kind" value={kind} onChange={(e) => setKind(e.target.value as ProposalKind)}>
          {PROPOSAL_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {PROPOSAL_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2">Rule: {proposalRuleText(PROPOSAL_DEFAULT_RULES[kind])}.</Typography>
        <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextField label="What holders decide" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        {(kind === 'SELL' || kind === 'REPAIR') && (
          <TextField
            label={kind === 'SELL' ? 'Price (dollars)' : 'Budget from the reserve (dollars)'}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
        {kind === 'SELL' && (
          <FormControlLabel
            control={<Checkbox checked={floor} onChange={(e) => setFloor(e.target.checked)} />}
            label="The price is a floor: accept offers at or above it"
          />
        )}
        <TextField
          label="Days the vote stays open"
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FilePicker
          label="Documents"
          kind="pdf+images"
          multiple
          maxFiles={PROPOSAL_MAX_DOCUMENTS}
          files={documents}
          onChange={setDocuments}
          onError={(m) => toast.error(m)}
          disabled={busy}
          helperText={`What holders should read before voting (a broker's opinion, a quote): PDF or images, at most ${PROPOSAL_MAX_DOCUMENTS}.`}
          name="files"
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </Box>
    </Modal>
  );
}
