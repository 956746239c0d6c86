import { useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Paper, Typography } from 'shared-ui/mui';
import { InputAdornment, TextField } from 'shared-ui/mui-inputs';
import { Link as RouterLink, useNavigate } from 'shared-ui/router';
import { Button, formatNumber, toast } from 'shared-ui/core';
import { PageHeader } from 'shared-ui/components';
import { US_STATES, paths, type PropertyWithRevision } from 'shared-api/contract';
import { withRevisionApplied } from 'shared-api/contract/dashboard';
import { useSaveListing } from '../hooks/use-save-listing';
import {
  EMPTY_LISTING,
  LIMITS,
  derivedFigures,
  editRules,
  fromProperty,
  validateListing,
  type ListingField,
  type ListingFormErrors,
  type ListingFormValues,
} from '../lib/listing-form';
import { DerivedFigures } from './derived-figures';
import { ListingFiles } from './listing-files';
import { RevisionNotice, StatusNotice } from './status-notice';
import { TypeChooser } from './type-chooser';

const FIELD_ORDER: ListingField[] = [
  'type',
  'name',
  'address',
  'state',
  'totalQuantity',
  'unitPrice',
  'roiInFiveYears',
  'progress',
  'description',
];

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}

export interface ListingEditorProps {
  /** The listing being edited (with its revision); null creates one. */
  initial: PropertyWithRevision | null;
}

/** Create or edit a listing: type, details with live figures, images and documents; saved for admin review. */
export function ListingEditor({ initial }: ListingEditorProps) {
  const navigate = useNavigate();
  const [property, setProperty] = useState<PropertyWithRevision | null>(initial);
  // A live listing is edited as its pending revision would leave it (issue 16).
  const draft = property ? withRevisionApplied(property, property.revision) : null;
  const [values, setValues] = useState<ListingFormValues>(() =>
    initial ? fromProperty(withRevisionApplied(initial, initial.revision)) : EMPTY_LISTING,
  );
  const [submitted, setSubmitted] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const [documents, setDocuments] = useState<File[]>([]);
  const { save, saving, imageProgress, documentProgress, uploadError } = useSaveListing({
    onSaved: setProperty,
    onImagesUploaded: () => setImages([]),
    onDocumentsUploaded: () => setDocuments([]),
  });

  const editing = initial !== null;
  const rules = editRules(property);
  const locked = saving;
  const errors: ListingFormErrors = submitted ? validateListing(values, { unitsSold: rules.unitsSold }) : {};
  const figures = derivedFigures(values);

  const set = (field: ListingField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const field = (name: ListingField) => ({
    id: `listing-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    error: Boolean(errors[name]),
    disabled: locked,
    fullWidth: true,
  });

  const submit = async () => {
    setSubmitted(true);
    const found = validateListing(values, { unitsSold: rules.unitsSold });
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      toast.error(found[first] as string);
      const target =
        first === 'type' ? document.querySelector<HTMLElement>('input[name="type"]') : document.getElementById(`listing-${first}`);
      target?.focus();
      return;
    }
    const outcome = await save({ values, property, images, documents });
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    if (!editing) toast.success('Your listing was submitted for review.');
    else if ((outcome.fieldsChanged || outcome.filesAdded) && rules.live)
      toast.success('Your changes were sent for review. The live listing stays as it is until an admin approves them.');
    else if (outcome.fieldsChanged && rules.backToReview)
      toast.success('Your changes were saved and the listing was sent back for review.');
    else if (outcome.fieldsChanged || outcome.filesAdded) toast.success('Your changes were saved.');
    else {
      toast.info('There are no changes to save.');
      return;
    }
    navigate(paths.listings);
  };

  const submitLabel = !property
    ? 'Submit for review'
    : rules.backToReview
      ? 'Save and send for review'
      : rules.live
        ? 'Submit changes for review'
        : 'Save changes';
  const helper = (name: ListingField, text?: string) => errors[name] ?? text;

  return (
    <Box sx={{ maxWidth: 920 }}>
      <PageHeader
        title={editing ? 'Edit listing' : 'Create listing'}
        subtitle={editing ? property?.name : 'List a property for investors. An admin reviews every listing before it goes live.'}
      />
      <Box
        component="form"
        aria-label={editing ? 'Edit listing' : 'Create listing'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        {property && <StatusNotice property={property} />}
        {property && <RevisionNotice revision={property.revision} />}
        {uploadError && (
          <Alert severity="error" role="alert">
            <AlertTitle>The listing was saved, but some files were not uploaded</AlertTitle>
            {uploadError} Choose {submitLabel} again to retry the upload, or remove the files.
          </Alert>
        )}

        <Section title="Property type">
          <TypeChooser
            value={values.type}
            onChange={(t) => setValues((v) => ({ ...v, type: t }))}
            error={errors.type}
            locked={property !== null || locked}
          />
        </Section>

        <Section title="Details">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField
                {...field('name')}
                label="Property name"
                required
                helperText={helper('name')}
                slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
              />
            </Box>
            <TextField
              {...field('address')}
              label="Address"
              required
              helperText={helper('address', 'Street and city')}
              slotProps={{ htmlInput: { maxLength: LIMITS.address } }}
            />
            <TextField
              {...field('state')}
              select
              label="State"
              required
              helperText={helper('state')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Choose a state</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </TextField>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField
                {...field('description')}
                label="Description"
                multiline
                minRows={4}
                helperText={helper(
                  'description',
                  `What investors should know: the building, its tenants or its plans. Up to ${formatNumber(LIMITS.description)} characters.`,
                )}
                slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
              />
            </Box>
          </Box>
        </Section>

        <Section title="Units and returns" description="Investors buy units of the property. The figures below update as you type.">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}>
            <TextField
              {...field('totalQuantity')}
              label="Total units"
              required
              disabled={locked || rules.totalLocked}
              helperText={helper(
                'totalQuantity',
                rules.totalLocked
                  ? 'Locked: units have been sold or reserved'
                  : rules.unitsSold > 0
                    ? `At least ${formatNumber(rules.unitsSold)} (already sold or reserved)`
                    : undefined,
              )}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              {...field('unitPrice')}
              label="Unit price"
              required
              disabled={locked || rules.priceLocked}
              helperText={helper('unitPrice', rules.priceLocked ? 'Locked: units have been sold or reserved' : undefined)}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              {...field('roiInFiveYears')}
              label="Five-year ROI"
              required
              helperText={helper('roiInFiveYears', 'Total return over five years')}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          </Box>
          <DerivedFigures {...figures} />
        </Section>

        {values.type === 'OFF_PLAN' && (
          <Section
            title="Construction progress"
            description="How far building has got. Investors see it on the property page; once the listing is live, post updates from Active listings."
          >
            <TextField
              {...field('progress')}
              label="Construction progress"
              required
              disabled={locked || rules.progressLocked}
              helperText={helper(
                'progress',
                rules.progressLocked ? 'Post progress updates from Active listings: they need no review' : 'A whole number from 0 to 100',
              )}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
              sx={{ maxWidth: 240 }}
            />
          </Section>
        )}

        <Section
          title="Images and documents"
          description="Photos investors see on the property page, and PDF documents such as title deeds or valuations."
        >
          <ListingFiles
            property={property}
            draft={draft}
            onPropertyChange={setProperty}
            images={images}
            onImagesChange={setImages}
            documents={documents}
            onDocumentsChange={setDocuments}
            imageProgress={imageProgress}
            documentProgress={documentProgress}
            disabled={locked}
          />
        </Section>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end' }}>
          <Button variant="outline-blue" component={RouterLink} to={paths.listings} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="filled-blue" loading={saving}>
            {submitLabel}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
