import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SxProps, Theme } from 'shared-ui/mui-core';

export interface ModalProps {
  open: boolean;
  /** Close button, Escape and a backdrop click call it. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** While something is being saved: no close button, Escape and backdrop do nothing. */
  disableClose?: boolean;
  /** Extra node ids that describe the dialog (aria-describedby). */
  describedBy?: string;
  sx?: SxProps<Theme>;
  /** Content padding off (media such as a gallery). */
  flush?: boolean;
  /** Dark surface (gallery). */
  dark?: boolean;
  /** Keys pressed anywhere in the dialog (Escape is handled already). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

// MUI's Dialog lives in 'shared-ui/mui-forms': loaded the first time a modal opens,
// so pages that never open one do not download it.
const ModalDialog = lazy(() => import('./modal-dialog'));

/** Accessible dialog: labelled by its title, focus kept inside, Escape closes. */
export function Modal(props: ModalProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
