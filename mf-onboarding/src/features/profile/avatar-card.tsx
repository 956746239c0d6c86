import { useEffect, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { Avatar, Button, FilePicker, StatusBadge, toast } from 'shared-ui';
import { readError, uploadProfileImage, useSessionStore } from 'shared-api';
import type { User } from 'shared-api/contract';

const roleLabel = (role: string) => role.replace(/_/g, ' ').toUpperCase();

/** The picture and who this is; a new picture is previewed before it is uploaded. */
export function AvatarCard({ user }: { user: User }) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const file = files[0];

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const save = async () => {
    if (!file) return;
    setSaving(true);
    setProgress(0);
    try {
      const updated = await uploadProfileImage(file, { onProgress: setProgress });
      useSessionStore.getState().setUser(updated);
      setFiles([]);
      toast.success('Your profile picture has been updated');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setSaving(false);
      setProgress(undefined);
    }
  };

  return (
    <Paper component="section" aria-labelledby="profile-picture-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="profile-picture-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        Profile picture
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, alignItems: 'center', gap: 2 }}>
          <Avatar name={name} src={preview ?? user.avatar?.url} size="XXL" />
          <Box sx={{ textAlign: { xs: 'left', sm: 'center' }, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {roleLabel(user.role)}
            </Typography>
            {user.role !== 'ADMIN' && (
              <Box sx={{ mt: 0.5 }}>
                <StatusBadge status={user.status} label={user.status.toLowerCase()} />
              </Box>
            )}
            {preview && (
              <Typography variant="caption" color="primary" component="p" sx={{ mt: 0.5 }}>
                Preview, not saved yet
              </Typography>
            )}
          </Box>
        </Box>
        {/* position: the picker's visually hidden input is sized 100% of its containing block. */}
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, position: 'relative' }}>
          <FilePicker
            label="New profile picture"
            kind="images"
            files={files}
            onChange={setFiles}
            onError={(m) => toast.error(m)}
            progress={[progress]}
            disabled={saving}
            name="avatar"
          />
          {file && (
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button variant="filled-blue" size="SM" onClick={save} loading={saving}>
                Save picture
              </Button>
              <Button variant="outline-blue" size="SM" onClick={() => setFiles([])} disabled={saving}>
                Cancel
              </Button>
            </Box>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
