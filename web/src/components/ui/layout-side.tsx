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
 * `children` on their side of the breakpoint only. Before hydration (`side` unknown) they are drawn inside a
 * `display: contents` wrapper marked `data-only`, which CSS hides on the other side (issue 22).
 */
export function OnSide({ only, side, children }: OnSideProps) {
  if (side === undefined) {
    return (
      <div className="layout-side" data-only={only}>
        {children}
      </div>
    );
  }
  return side === only ? children : null;
}
