import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { OverlayHeader, type OverlayHeaderProps } from './overlay-header';
import { OVERLAY_ACTIVE_CLASS, type OverlayContentProps } from './use-overlay-behaviour';
import styles from './overlay-dialog.module.css';

/** Props of {@link OverlayDialog}. */
export interface OverlayDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Kind of overlay, written to `data-overlay` (`slide-panel`, `popup`). */
  kind: string;
  /** Classes of the dialog element (its shape and animation); the active class is added while open. */
  className: string;
  /** The head row: title (the dialog's label), optional leading control, close button label. */
  header: OverlayHeaderProps;
  /** What `useOverlayBehaviour` gives the dialog element. */
  contentProps: OverlayContentProps;
  /** The scrolled body of the overlay. */
  children?: ReactNode;
}

/**
 * The Radix part of every overlay (spec §2 "Overlays", §4): Dialog root and portal, the backdrop, and the dialog
 * element (`role="dialog"`, `aria-modal="true"`, labelled by the title of its {@link OverlayHeader}) with the head row
 * and a scrolled body. Open, both carry {@link OVERLAY_ACTIVE_CLASS}; closing keeps them for the closing animation
 * (`data-state="closed"`). A chunk of its own, loaded by `OverlayFrame` (`overlay-dialog-loader.ts`): no page needs
 * Radix Dialog before an overlay opens.
 */
export function OverlayDialog({ open, onOpenChange, kind, className, header, contentProps, children }: OverlayDialogProps) {
  const active = open ? OVERLAY_ACTIVE_CLASS : '';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`${styles.backdrop} ${active}`} data-testid="overlay-backdrop" />
        <Dialog.Content
          {...contentProps}
          aria-describedby={undefined}
          data-overlay={kind}
          className={[className, active].filter(Boolean).join(' ')}
        >
          <OverlayHeader {...header} />
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
