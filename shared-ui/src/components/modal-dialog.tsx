import { useId } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from 'shared-ui/mui-inputs';
import { IconButton } from 'shared-ui/mui-icon-button';
import { CloseIcon } from '../icons';
import type { ModalProps } from './modal';

/** Accessible dialog: labelled by its title, focus kept inside, Escape closes. */
export default function ModalDialog({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'sm',
  disableClose,
  describedBy,
  sx,
  flush,
  dark,
  onKeyDown,
}: ModalProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!disableClose) onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth={maxWidth}
      fullWidth
      {...(onKeyDown ? { onKeyDown } : {})}
      sx={[
        { '& .MuiDialog-paper': { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } },
        dark ? { '& .MuiDialog-paper': { bgcolor: '#0A1A2F', color: '#FFFFFF' } } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700 }}>
        {title}
      </DialogTitle>
      {!disableClose && (
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 10, top: 10, color: dark ? '#FFFFFF' : 'text.secondary' }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent sx={flush ? { p: 0 } : undefined}>{children}</DialogContent>
      {actions && <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>}
    </Dialog>
  );
}
