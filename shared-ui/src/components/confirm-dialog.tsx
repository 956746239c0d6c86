import { useId, type ReactNode } from 'react';
import { Typography } from 'shared-ui/mui-core';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action gets the red button (default true). */
  destructive?: boolean;
  /** The action is running: confirm shows "Loading...", nothing closes. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action (delete, reject, cancel an order). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = true,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      maxWidth="xs"
      disableClose={loading}
      describedBy={messageId}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'filled-red' : 'filled-blue'} size="SM" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Typography id={messageId} component="div" color="text.secondary">
        {message}
      </Typography>
    </Modal>
  );
}
