import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** Props of {@link WidgetBoundary}. */
export interface WidgetBoundaryProps {
  /** What the widget shows while healthy. */
  children: ReactNode;
  /**
   * What shows instead when the widget failed (its lazy chunk did not load, or its code threw): given `retry`, which
   * runs `onRetry` and renders the widget anew. `null` shows nothing (an optional part such as a map).
   */
  fallback: (retry: () => void) => ReactNode;
  /** Called by `retry` before the widget renders anew (e.g. {@link RetryableLazy.reset}). */
  onRetry?: () => void;
  /** Names the widget in the console warning. */
  name: string;
}

interface WidgetBoundaryState {
  failed: boolean;
}

/**
 * An error boundary around one widget (issue 19: "a failed chunk degrades only its own widget"). Whatever fails
 * inside, a lazy chunk that did not arrive or code that threw, the widget's `fallback` takes its place; the header,
 * the page and the other widgets keep working, and the router's error screen stays for real route failures. A
 * chunk missing after a release also reloads the page once (`lib/release-reload.ts`, through Vite's
 * `vite:preloadError`).
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, WidgetBoundaryState> {
  state: WidgetBoundaryState = { failed: false };

  static getDerivedStateFromError(): WidgetBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(`${this.props.name}: the widget failed and shows its fallback`, error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** A lazily loaded component that can be asked for again after its chunk failed to load. */
export interface RetryableLazy<P> {
  /** Renders the lazy component (suspends while its chunk loads; throws to the nearest boundary when it fails). */
  Component: ComponentType<P>;
  /** Forgets a failed load, so the next render imports the chunk again (the browser fetches it anew). */
  reset: () => void;
}

/**
 * `React.lazy` that can try again: `React.lazy` keeps a failed import for good, so a "Повторить" button could never
 * load the chunk; {@link RetryableLazy.reset} starts a fresh import. Put the component inside a {@link WidgetBoundary}
 * whose `onRetry` is `reset`, and a `Suspense`. `exportName` names the component among the chunk's exports, for a
 * retry that imports the chunk anew by its address (`load` picks it the first time).
 */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  exportName = 'default',
): RetryableLazy<P> {
  // The chunk whose fetch failed, as the browser named it. Chromium keeps a failed module for its address (148 does:
  // a second `import()` of it fails without a request), so a retry imports it under an address of its own.
  let failed: string | undefined;
  let attempt = 0;
  const remember = (error: unknown) => {
    failed = failedModuleUrl(error) ?? failed;
    throw error;
  };
  const first = () => load().catch(remember);
  let Lazy = lazy(first);
  function RetryableComponent(props: P) {
    const Current = Lazy;
    return <Current {...props} />;
  }
  return {
    Component: RetryableComponent,
    reset: () => {
      const url = failed;
      attempt += 1;
      if (!url) {
        Lazy = lazy(first);
        return;
      }
      const again = `${url}?retry=${attempt}`;
      Lazy = lazy(() =>
        import(/* @vite-ignore */ again)
          .then((module: Record<string, ComponentType<P> | undefined>) => {
            const component = module[exportName];
            if (!component) throw new Error(`${again} has no export ${exportName}`);
            return { default: component };
          })
          .catch(remember),
      );
    },
  };
}

/**
 * The script address a failed dynamic import names ("Failed to fetch dynamically imported module: URL" in
 * Chromium, "error loading dynamically imported module: URL" in Firefox), without its query; `undefined` when none.
 */
export function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s?#]+\.js)/.exec(message)?.[1];
}

/** Props of {@link LazyWidget}. */
export interface LazyWidgetProps<P> {
  /** The lazy component (from {@link retryableLazy}). */
  widget: RetryableLazy<P>;
  /** Its props. */
  props: P;
  /** Shown while the chunk loads. */
  loading: ReactNode;
  /** Shown when it failed; see {@link WidgetBoundaryProps.fallback}. */
  fallback: (retry: () => void) => ReactNode;
  /** Names the widget in the console warning. */
  name: string;
}

/** A {@link retryableLazy} component inside its own {@link WidgetBoundary} and `Suspense`. */
export function LazyWidget<P extends object>({ widget, props, loading, fallback, name }: LazyWidgetProps<P>) {
  const { Component: Widget, reset } = widget;
  return (
    <WidgetBoundary name={name} fallback={fallback} onRetry={reset}>
      <Suspense fallback={loading}>
        <Widget {...props} />
      </Suspense>
    </WidgetBoundary>
  );
}
