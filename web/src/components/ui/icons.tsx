import type { ReactNode } from 'react';

/**
 * Inline SVG icons shared by the features (top panel, menus, search). Decorative: `aria-hidden`, the control that
 * holds one carries the accessible name. Stroke and size come from the `className`.
 */

/** Props of every icon. */
export interface IconProps {
  className?: string;
}

function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Four squares: the catalogue. */
export function CatalogIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <rect x="14" y="3" width="7" height="7" rx="1.5" />
      <rect x="3" y="14" width="7" height="7" rx="1.5" />
      <rect x="14" y="14" width="7" height="7" rx="1.5" />
    </Svg>
  );
}

/** Three lines: the mobile main menu. */
export function BurgerIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

const CHEVRONS = { down: 'M6 9l6 6 6-6', up: 'M6 15l6-6 6 6', right: 'M9 6l6 6-6 6', left: 'M15 6l-6 6 6 6' } as const;

/** A chevron pointing down (a dropdown), up (collapse), right (a flyout, a drill step) or left (back). */
export function ChevronIcon({ className, direction = 'down' }: IconProps & { direction?: keyof typeof CHEVRONS }) {
  const d = CHEVRONS[direction];
  return (
    <Svg className={className}>
      <path d={d} />
    </Svg>
  );
}

/** An arrow pointing left: the back icon of the slide menus. */
export function BackIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Svg>
  );
}

/** Three dots: the overflow item of the horizontal menu. */
export function DotsIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </Svg>
  );
}

/** A magnifying glass: search. */
export function SearchIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </Svg>
  );
}

/** A microphone: voice search. */
export function MicrophoneIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </Svg>
  );
}
