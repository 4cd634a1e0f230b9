/**
 * The overlay system (issue 3; spec §2 "Overlays", §4, §8, §9): one stack of open overlays,
 * slide panels and pop-ups on Radix Dialog, the query-filled panel body and the helpers that let
 * owned pop-ups and fixed elements cooperate with the focus trap and the scroll lock.
 */
export {
  closeTopmostOverlay,
  getOverlayStack,
  getOverlaysAbove,
  getTopmostOverlay,
  isAnyOverlayOpen,
  isTopmostOverlay,
  registerOverlay,
  useAnyOverlayOpen,
  useOverlayRegistration,
  useOverlayStack,
  type OverlayEntry,
} from './overlay-stack';
export {
  OVERLAY_PART_ATTRIBUTE,
  OVERLAY_PART_SELECTOR,
  SCROLL_LOCK_FIXED_CLASS,
  isInsideOverlayPart,
  useOverlayPart,
} from './overlay-parts';
export { OVERLAY_ACTIVE_CLASS, type BreakpointSide, type ReturnFocusTarget } from './use-overlay-behaviour';
export { OverlayFrame, type OverlayFrameProps } from './overlay-frame';
export { loadOverlayDialog } from './overlay-dialog-loader';
export { SlidePanel, type SlidePanelProps } from './slide-panel';
export { usePanelOpener } from './use-panel-opener';
export { Popup, type PopupProps } from './popup';
export {
  PanelQueryContent,
  SLIDE_PANEL_UNDEFINED_ERROR,
  panelQueryRetry,
  type PanelQueryContentProps,
} from './panel-query-content';
export { PanelLoadError } from './panel-load-error';
