// Hands a listing over to another verified owner: pick the owner, confirm naming the
// listing and both owners, then the server moves it (or holds it for a second admin).
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, Modal, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { getUsers, handOverProperty } from 'shared-api/admin';
import type { Property, User } from 'shared-api/contract';
import { SENT_FOR_APPROVAL, handedOverMessage, isSentForApproval } from 'shared-api/contract/admin';
import { fullName } from '../../components/links';

export interface HandoverDialogProps {
  listing: Property | null;
  people: Map<string, User>;
  onClose: () => void;
  /** After the listing moved (the listing as it is now), or the request was sent for approval (null). */
  onDone: (listing: Property | null) => void;
}

type Step = 'pick' | 'confirm' | 'done';

/** Owners offered at once; the search finds the others. */
const OWNERS_SHOWN = 50;
const SEARCH_PAUSE_MS = 300;

const label = (u: User) => `${fullName(u)} (${u.email})`;

export function HandoverDialog({ listing, people, onClose, onDone }: HandoverDialogProps) {
  const [owners, setOwners] = useState<User[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<User | null>(null);
  const [step, setStep] = useState<Step>('pick');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; listing: Property | null } | null>(null);
  const focusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setChosen(null);
    setSearch('');
    setQ('');
    setStep('pick');
    setFailure(null);
    setResult(null);
  }, [listing]);

  // The search asks the server once typing pauses: a platform may have thousands of owners.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!listing) return;
    let live = true;
    setOwners(null);
    setLoadError(null);
    // Only a verified, open owner account may take a listing over (the server checks it too).
    getUsers({ role: 'PROPERTY_OWNER', status: 'VERIFIED', q: q || undefined, pageSize: OWNERS_SHOWN, sort: 'name', order: 'asc' }).then(
      (page) => live && setOwners(page.items),
      async (err: unknown) => {
        const message = await readError(err);
        if (live) setLoadError(message);
      },
    );
    return () => {
      live = false;
    };
  }, [listing, q]);

  // The confirmation and the outcome take the focus, so a screen reader reads them out.
  useEffect(() => {
    if (step !== 'pick') focusRef.current?.focus();
  }, [step]);

  if (!listing) return null;

  const current = people.get(listing.ownerId);
  const currentName = current ? label(current) : listing.ownerId;
  const found = (owners ?? []).filter((u) => u._id !== listing.ownerId);
  // The owner picked stays offered while another search is shown.
  const choices = chosen && !found.some((u) => u._id === chosen._id) ? [chosen, ...found] : found;
  const more = (owners?.length ?? 0) >= OWNERS_SHOWN;

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      const done = await handOverProperty(listing._id, chosen._id);
      if (isSentForApproval(done)) {
        setResult({ text: SENT_FOR_APPROVAL, listing: null });
        toast.info(SENT_FOR_APPROVAL);
      } else {
        const text = handedOverMessage(fullName(chosen));
        setResult({ text, listing: done });
        toast.success(text);
      }
      setStep('done');
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  const finish = () => (result ? onDone(result.listing) : onClose());

  let actions;
  if (step === 'pick') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="filled-blue" size="SM" onClick={() => setStep('confirm')} disabled={!chosen}>
          Continue
        </Button>
      </>
    );
  } else if (step === 'confirm') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={() => setStep('pick')} disabled={busy}>
          Back
        </Button>
        <Button variant="filled-blue" size="SM" onClick={submit} loading={busy}>
          Hand over listing
        </Button>
      </>
    );
  } else {
    actions = (
      <Button variant="filled-blue" size="SM" onClick={finish}>
        Done
      </Button>
    );
  }

  return (
    <Modal
      open
      onClose={step === 'done' ? finish : onClose}
      title={`Hand over: ${listing.name}`}
      maxWidth="sm"
      disableClose={busy}
      describedBy="handover-what"
      actions={actions}
    >
      <Typography id="handover-what" color="text.secondary" sx={{ mb: 2 }}>
        The listing moves to another verified owner with its pending changes and future income. What it paid its current owner stays theirs.
      </Typography>
      {step === 'pick' && (
        <Box>
          <TextField
            id="handover-search"
            fullWidth
            autoFocus
            label="Search verified owners"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ mb: 2 }}
          />
          {loadError && <Alert severity="error">{loadError}</Alert>}
          {!loadError && owners === null && <Typography role="status">Loading the verified owners…</Typography>}
          {owners !== null && choices.length === 0 && (
            <Alert severity="info">
              {q ? `No other verified owner matches “${q}”.` : 'There is no other verified owner to hand it over to.'}
            </Alert>
          )}
          {choices.length > 0 && (
            <TextField
              id="handover-owner"
              select
              fullWidth
              label="New owner"
              value={chosen?._id ?? ''}
              onChange={(e) => setChosen(choices.find((u) => u._id === e.target.value) ?? null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText={more ? `The first ${OWNERS_SHOWN} by name: search to find others.` : undefined}
            >
              <option value="">Choose a verified owner</option>
              {choices.map((u) => (
                <option key={u._id} value={u._id}>
                  {label(u)}
                </option>
              ))}
            </TextField>
          )}
        </Box>
      )}
      {step === 'confirm' && chosen && (
        <Box ref={focusRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Typography sx={{ fontWeight: 700 }}>Hand “{listing.name}” over?</Typography>
          <Typography>From: {currentName}</Typography>
          <Typography>To: {label(chosen)}</Typography>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </Box>
      )}
      {step === 'done' && result && (
        <Alert ref={focusRef} tabIndex={-1} severity={result.listing ? 'success' : 'info'} role="status">
          {result.text}
        </Alert>
      )}
    </Modal>
  );
}
