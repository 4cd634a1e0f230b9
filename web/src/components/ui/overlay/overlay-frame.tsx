import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { OverlayHeader, type OverlayHeaderProps } from './overlay-header';
import { OVERLAY_ACTIVE_CLASS, useOverlayBehaviour, type OverlayBehaviourOptions } from './use-overlay-behaviour';
import styles from './overlay-frame.module.css';

/** Props of {@link OverlayFrame}. */
export interface OverlayFrameProps extends OverlayBehaviourOptions {
  /** Kind of overlay, written to `data-overlay` (`slide-panel`, `popup`). */
  kind: string;
  /** Classes of the dialog element (its shape and animation); the active class is added while open. */
  className: string;
  /** The head row: title (the dialog's label), optional leading control, close button label. */
  header: OverlayHeaderProps;
  /** The scrolled body of the overlay. */
  children?: ReactNode;
}

/**
 * The frame every overlay shares (spec §2 "Overlays", §4): Radix Dialog root and portal, the
 * backdrop, and the dialog element (`role="dialog"`, `aria-modal="true"`, labelled by the title of
 * its {@link OverlayHeader}) with the behaviours of {@link useOverlayBehaviour}, the head row and a
 * scrolled body. Open, both carry {@link OVERLAY_ACTIVE_CLASS}; closing keeps them for the closing
 * animation (`data-state="closed"`). {@link SlidePanel} and {@link Popup} only choose the shape.
 */
export function OverlayFrame({ kind, className, header, children, ...behaviour }: OverlayFrameProps) {
  const { open, onOpenChange } = behaviour;
  const { contentProps } = useOverlayBehaviour(behaviour);
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
