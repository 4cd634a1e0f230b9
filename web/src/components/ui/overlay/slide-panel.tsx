import type { ReactNode } from 'react';
import { OverlayFrame } from './overlay-frame';
import type { BreakpointSide, ReturnFocusTarget } from './use-overlay-behaviour';
import styles from './slide-panel.module.css';

/** Props of {@link SlidePanel}. */
export interface SlidePanelProps {
  open: boolean;
  /** Called with `false` by the close button, Escape, an outside press, the resize rule. */
  onOpenChange: (open: boolean) => void;
  /** Shown in the panel's head and naming the dialog. */
  title: ReactNode;
  /** Edge the panel slides in from; `right` by default (spec §2 "right-hand slide panel"). */
  side?: 'right' | 'left';
  /** The panel exists on this side of the 1043 px breakpoint only and closes when the window crosses it. */
  breakpointSide?: BreakpointSide;
  /** Before the title, e.g. a back button of a slide menu. */
  headerStart?: ReactNode;
  /** `aria-label` of the close button; "Закрыть" by default. */
  closeLabel?: string;
  /** Extra class on the panel element. */
  className?: string;
  /** Id in the overlay stack (a generated one by default). */
  overlayId?: string;
  /**
   * The control that opened the panel (element or ref); focus returns to it on close. Pass it:
   * Safari and iOS do not focus a clicked button (see `useOverlayBehaviour`).
   */
  returnFocusTo?: ReturnFocusTarget;
  /** The panel's content, scrolled inside the panel; usually a {@link PanelQueryContent}. */
  children?: ReactNode;
}

/**
 * A full-height slide panel (spec §2 "Overlays", §4 "Slide panel: closed to open adds active
 * classes and a backdrop") on Radix Dialog: `role="dialog"`, `aria-modal="true"`, labelled by its
 * `<h2>` title; focus moves in, is trapped and returns to the opener; Escape and a primary-button
 * press outside close it when it is the topmost overlay; the page scroll is locked with scrollbar
 * compensation while any overlay is open. Opening slides it in; closing plays the 300 ms animation
 * (`PANEL_CLOSE_ANIMATION_MS`) before panel and backdrop leave the DOM, at once under
 * `prefers-reduced-motion`. Width `min(420px, 100vw − 48px)`.
 */
export function SlidePanel({
  open,
  onOpenChange,
  title,
  side = 'right',
  breakpointSide,
  headerStart,
  closeLabel,
  className,
  overlayId,
  returnFocusTo,
  children,
}: SlidePanelProps) {
  return (
    <OverlayFrame
      kind="slide-panel"
      open={open}
      onOpenChange={onOpenChange}
      breakpointSide={breakpointSide}
      id={overlayId}
      returnFocusTo={returnFocusTo}
      className={[styles.panel, side === 'left' ? styles.left : styles.right, className].filter(Boolean).join(' ')}
      header={{ title, start: headerStart, closeLabel }}
    >
      {children}
    </OverlayFrame>
  );
}
