import type { ReactNode } from 'react';
import type { LayoutSide } from '@/lib/use-media-query';

/** Props of {@link OnSide}. */
export interface OnSideProps {
  /** The side `children` belong to. */
  only: LayoutSide;
  /** The side the window is on ({@link useLayoutSide}); `undefined` before hydration. */
  side: LayoutSide | undefined;
  children: ReactNode;
}

/**
 * `children` on their side of the breakpoint only, inside a `display: contents` wrapper. Before hydration (`side`
 * unknown) the wrapper is marked `data-only`, which CSS hides on the other side (issue 22); once the side is known
 * the other side's wrapper goes and this side's stays, unmarked: the controls the shopper sees are the very elements
 * the server drew, so a press, the focus or a value they hold before hydration is still theirs after (issue 33).
 */
export function OnSide({ only, side, children }: OnSideProps) {
  if (side !== undefined && side !== only) return null;
  return (
    <div className="layout-side" data-only={side === undefined ? only : undefined}>
      {children}
    </div>
  );
}
