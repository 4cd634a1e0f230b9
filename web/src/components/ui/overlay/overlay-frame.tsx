import type { ReactNode } from 'react';
import type { OverlayHeaderProps } from './overlay-header';
import { useOverlayDialog } from './overlay-dialog-loader';
import { useOverlayBehaviour, type OverlayBehaviourOptions } from './use-overlay-behaviour';

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
 * The frame every overlay shares (spec §2 "Overlays", §4): the behaviours of {@link useOverlayBehaviour} (the overlay
 * stack, the breakpoint rule, focus return, which presses close), and the dialog itself, `OverlayDialog` on Radix
 * Dialog, from a chunk of its own (`overlay-dialog-loader.ts`) that the app loads when the browser is idle after the
 * page started, or the overlay at its first opening. Until an overlay has been opened and the chunk is there it
 * draws nothing, as a closed dialog does. {@link SlidePanel} and {@link Popup} only choose the shape.
 */
export function OverlayFrame({ kind, className, header, children, ...behaviour }: OverlayFrameProps) {
  const { open, onOpenChange } = behaviour;
  const { contentProps } = useOverlayBehaviour(behaviour);
  const dialog = useOverlayDialog(open);
  if (!dialog) return null;
  return (
    <dialog.OverlayDialog
      open={open}
      onOpenChange={onOpenChange}
      kind={kind}
      className={className}
      header={header}
      contentProps={contentProps}
    >
      {children}
    </dialog.OverlayDialog>
  );
}
