// An admin's correction of a person's profile fields (PATCH /v1/users/{id}); never role,
// status, subscription or money. Only changed fields are sent; the change is audited.
import { useEffect, useState } from 'react';
import { Alert, Box } from 'shared-ui/mui';
import { MenuItem, TextField } from 'shared-ui/mui-forms';
import { Button, Modal, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { updateUser } from 'shared-api/admin';
import type { AdminUpdateUserBody, EntityType, UserDetail } from 'shared-api/contract';

type Values = { firstName: string; lastName: string; phone: string; country: string; userType: '' | EntityType; businessName: string };

const valuesOf = (p: UserDetail): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone ?? '',
  country: p.country ?? '',
  userType: p.userType ?? '',
  businessName: p.businessName ?? '',
});

/** The changed fields, or the problems found. */
export function personUpdate(p: UserDetail, v: Values): { body: AdminUpdateUserBody; problems: Partial<Record<keyof Values, string>> } {
  const problems: Partial<Record<keyof Values, string>> = {};
  const body: AdminUpdateUserBody = {};
  const first = v.firstName.trim();
  const last = v.lastName.trim();
  if (!first) problems.firstName = 'Enter a first name';
  else if (first !== p.firstName) body.firstName = first;
  if (!last) problems.lastName = 'Enter a last name';
  else if (last !== p.lastName) body.lastName = last;
  const optional = (value: string) => value.trim() || null;
  if (optional(v.phone) !== p.phone) body.phone = optional(v.phone);
  if (optional(v.country) !== p.country) body.country = optional(v.country);
  if ((v.userType || null) !== p.userType) body.userType = v.userType || null;
  if (optional(v.businessName) !== p.businessName) body.businessName = optional(v.businessName);
  return { body, problems };
}

export function EditPersonDialog({
  person,
  open,
  onClose,
  onSaved,
}: {
  person: UserDetail;
  open: boolean;
  onClose: () => void;
  onSaved: (p: UserDetail) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(person));
  const [problems, setProblems] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setValues(valuesOf(person));
      setProblems({});
      setFailure(null);
    }
  }, [open, person]);

  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setProblems((p) => ({ ...p, [name]: undefined }));
    },
    error: Boolean(problems[name]),
    helperText: problems[name],
    disabled: saving,
    fullWidth: true,
  });

  const save = async () => {
    const { body, problems: found } = personUpdate(person, values);
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
      const updated = await updateUser(person._id, body);
      toast.success('Details saved');
      onSaved(updated);
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Edit ${person.firstName} ${person.lastName}`}
      disableClose={saving}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="filled-blue" size="SM" onClick={save} loading={saving}>
            Save details
          </Button>
        </>
      }
    >
      <Box
        component="form"
        aria-label="Edit details"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <TextField label="First name" required {...field('firstName')} slotProps={{ htmlInput: { maxLength: 60 } }} />
        <TextField label="Last name" required {...field('lastName')} slotProps={{ htmlInput: { maxLength: 60 } }} />
        <TextField label="Phone" {...field('phone')} slotProps={{ htmlInput: { maxLength: 30, inputMode: 'tel' } }} />
        <TextField label="Nationality" {...field('country')} slotProps={{ htmlInput: { maxLength: 80 } }} />
        <TextField
          select
          label="User type"
          {...field('userType')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Not set</MenuItem>
          <MenuItem value="INDIVIDUAL">Individual</MenuItem>
          <MenuItem value="BUSINESS_ENTITY">Business entity</MenuItem>
        </TextField>
        <TextField label="Business name" {...field('businessName')} slotProps={{ htmlInput: { maxLength: 120 } }} />
        {failure && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {failure}
          </Alert>
        )}
        <button type="submit" hidden />
      </Box>
    </Modal>
  );
}
