import type { ReactNode } from 'react';
import { OverlayFrame } from './overlay-frame';
import type { BreakpointSide, ReturnFocusTarget } from './use-overlay-behaviour';
import styles from './popup.module.css';

/** Props of {@link Popup}. */
export interface PopupProps {
  open: boolean;
  /** Called with `false` by the close button, Escape, an outside press, the resize rule. */
  onOpenChange: (open: boolean) => void;
  /** Names the dialog; shown in the head unless {@link PopupProps.titleVisuallyHidden}. */
  title: ReactNode;
  /** Keep the title for screen readers only. */
  titleVisuallyHidden?: boolean;
  /** The pop-up exists on this side of the 1043 px breakpoint only and closes when the window crosses it. */
  breakpointSide?: BreakpointSide;
  /** `aria-label` of the close button; "Закрыть" by default. */
  closeLabel?: string;
  /** Extra class on the pop-up element (e.g. another width). */
  className?: string;
  /** Id in the overlay stack (a generated one by default). */
  overlayId?: string;
  /** The control that opened the pop-up; focus returns to it on close (see `useOverlayBehaviour`). */
  returnFocusTo?: ReturnFocusTarget;
  children?: ReactNode;
}

/**
 * A centred modal pop-up (the product quick view, later the wide search pop-up) with the same
 * behaviours as {@link SlidePanel}: overlay stack, Escape / outside press close the topmost,
 * scroll lock, focus trap and return, `aria-modal`, title as label, fade/scale animation of
 * `PANEL_CLOSE_ANIMATION_MS` (none under reduced motion). At most 880 px wide, never taller than
 * the viewport minus 32 px; its body scrolls.
 */
export function Popup({
  open,
  onOpenChange,
  title,
  titleVisuallyHidden,
  breakpointSide,
  closeLabel,
  className,
  overlayId,
  returnFocusTo,
  children,
}: PopupProps) {
  return (
    <OverlayFrame
      kind="popup"
      open={open}
      onOpenChange={onOpenChange}
      breakpointSide={breakpointSide}
      id={overlayId}
      returnFocusTo={returnFocusTo}
      className={[styles.popup, className].filter(Boolean).join(' ')}
      header={{ title, titleVisuallyHidden, closeLabel }}
    >
      {children}
    </OverlayFrame>
  );
}
