// An admin's edit of any listing (PATCH /v1/properties/{id}/rental-ready or /off-plan).
// Only changed fields are sent; admins' edits do not send the listing back to review.
import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Box } from 'shared-ui/mui';
import { InputAdornment, MenuItem, TextField } from 'shared-ui/mui-forms';
import { Button, Modal, formatNumber, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { adminUpdateOffPlan, adminUpdateRentalReady } from 'shared-api/admin';
import { US_STATES, parseAmount, unitsTaken, type OffPlanPropertyUpdate, type Property } from 'shared-api/contract';
import { PROGRESS_REVIEW_MESSAGES } from 'shared-api/contract/dashboard';

type Field = 'name' | 'address' | 'state' | 'description' | 'totalQuantity' | 'unitPrice' | 'roiInFiveYears' | 'progress';
type Values = Record<Field, string>;
type Problems = Partial<Record<Field, string>>;

const LIMITS = { name: 120, address: 200, description: 5000, totalQuantity: 10_000_000, unitPrice: 100_000_000, roi: 1000 } as const;

function valuesOf(p: Property): Values {
  return {
    name: p.name,
    address: p.address,
    state: p.state,
    description: p.description,
    totalQuantity: String(p.totalQuantity),
    unitPrice: String(p.unitPrice),
    roiInFiveYears: String(p.roiInFiveYears),
    progress: p.progress === null ? '' : String(p.progress),
  };
}

/** The changed fields as the API wants them, or the problems found. */
export function buildUpdate(p: Property, v: Values): { body: OffPlanPropertyUpdate; problems: Problems } {
  const problems: Problems = {};
  const body: OffPlanPropertyUpdate = {};
  const sold = unitsTaken(p);

  const name = v.name.trim();
  if (!name) problems.name = 'Enter a name';
  else if (name !== p.name) body.name = name;

  const address = v.address.trim();
  if (!address) problems.address = 'Enter an address';
  else if (address !== p.address) body.address = address;

  if (v.state !== p.state) body.state = v.state;

  const description = v.description.trim();
  if (description !== p.description) body.description = description;

  const total = Number(v.totalQuantity);
  if (!/^\d+$/.test(v.totalQuantity.trim()) || total < 1) problems.totalQuantity = 'Enter a whole number of units, at least 1';
  else if (total > LIMITS.totalQuantity) problems.totalQuantity = `At most ${formatNumber(LIMITS.totalQuantity)} units`;
  else if (total < sold) problems.totalQuantity = `Cannot be below the ${formatNumber(sold)} units already sold or reserved`;
  else if (total !== p.totalQuantity) body.totalQuantity = total;

  const price = parseAmount(v.unitPrice);
  if (!price.ok) problems.unitPrice = price.message;
  else if (price.cents / 100 > LIMITS.unitPrice) problems.unitPrice = 'Amount is too large';
  else if (price.cents / 100 !== p.unitPrice) body.unitPrice = price.cents / 100;

  const roi = Number(v.roiInFiveYears);
  if (v.roiInFiveYears.trim() === '' || !Number.isFinite(roi) || roi < 0 || roi > LIMITS.roi)
    problems.roiInFiveYears = `Enter a percent from 0 to ${formatNumber(LIMITS.roi)}`;
  else if (roi !== p.roiInFiveYears) body.roiInFiveYears = roi;

  if (p.type === 'OFF_PLAN') {
    const progress = Number(v.progress);
    if (!/^\d+$/.test(v.progress.trim()) || progress > 100) problems.progress = 'Enter a whole percent from 0 to 100';
    else if (progress !== p.progress) body.progress = progress;
  }
  return { body, problems };
}

export interface EditListingDialogProps {
  listing: Property | null;
  onClose: () => void;
  onSaved: (listing: Property) => void;
}

export function EditListingDialog({ listing, onClose, onSaved }: EditListingDialogProps) {
  const [values, setValues] = useState<Values | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValues(listing ? valuesOf(listing) : null);
    setProblems({});
    setFailure(null);
  }, [listing]);

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setValues((v) => (v ? { ...v, [field]: value } : v));
    setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  };

  const save = async () => {
    if (!listing || !values) return;
    const { body, problems: found } = buildUpdate(listing, values);
    if (Object.values(found).some(Boolean)) {
      setProblems(found);
      return;
    }
    if (Object.keys(body).length === 0) {
      toast.info('Nothing changed');
      onClose();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      // buildUpdate sets progress for off-plan listings only.
      if (listing.type === 'OFF_PLAN') {
        const updated = await adminUpdateOffPlan(listing._id, body);
        // A lower progress on a live listing is saved as a request another admin reviews.
        const held =
          body.progress !== undefined && updated.progressReview?.status === 'PENDING_REVIEW' && updated.progress !== body.progress;
        if (held) toast.info(PROGRESS_REVIEW_MESSAGES.adminHeld(updated.progress ?? 0));
        else toast.success(`${updated.name} updated`);
        onSaved(updated);
      } else {
        const updated = await adminUpdateRentalReady(listing._id, body);
        toast.success(`${updated.name} updated`);
        onSaved(updated);
      }
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  const sold = listing ? unitsTaken(listing) : 0;
  const field = (name: Field) => ({
    value: values?.[name] ?? '',
    onChange: set(name),
    error: Boolean(problems[name]),
    fullWidth: true,
    disabled: saving,
  });

  return (
    <Modal
      open={listing !== null}
      onClose={onClose}
      title={listing ? `Edit ${listing.name}` : ''}
      maxWidth="sm"
      disableClose={saving}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="filled-blue" size="SM" onClick={save} loading={saving}>
            Save changes
          </Button>
        </>
      }
    >
      {listing && values && (
        <Box
          component="form"
          aria-label={`Edit ${listing.name}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label="Name"
            required
            {...field('name')}
            helperText={problems.name}
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
          />
          <TextField
            label="Address"
            required
            {...field('address')}
            helperText={problems.address}
            slotProps={{ htmlInput: { maxLength: LIMITS.address } }}
          />
          <TextField select label="State" required {...field('state')}>
            {US_STATES.map((s) => (
              <MenuItem key={s.code} value={s.code}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Description"
            multiline
            minRows={3}
            {...field('description')}
            slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Total units"
              required
              {...field('totalQuantity')}
              helperText={problems.totalQuantity ?? (sold > 0 ? `${formatNumber(sold)} sold or reserved: cannot go below` : undefined)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Unit price"
              required
              {...field('unitPrice')}
              disabled={saving || sold > 0}
              helperText={problems.unitPrice ?? (sold > 0 ? 'Fixed once units are sold or reserved' : undefined)}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              label="Return over five years"
              required
              {...field('roiInFiveYears')}
              helperText={problems.roiInFiveYears}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            {listing.type === 'OFF_PLAN' && (
              <TextField
                label="Construction progress"
                required
                {...field('progress')}
                helperText={problems.progress}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            )}
          </Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          {/* Enter in a field submits. */}
          <button type="submit" hidden />
        </Box>
      )}
    </Modal>
  );
}
