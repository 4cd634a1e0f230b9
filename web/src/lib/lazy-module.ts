import { use } from 'react';

/**
 * A module loaded on demand, which a component can read without suspending once it is loaded: unlike
 * `React.lazy`, whose first render always suspends, a module loaded before the first render (the server render,
 * hydration) renders at once, so the server's HTML and the browser's first render are the same tree (issue 22).
 */
export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load: () => Promise<T>;
  /** The module, once loaded. */
  loaded: () => T | undefined;
}

/** A {@link LazyModule} of `importer` (a dynamic `import()`, its own chunk in the build). */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= importer().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => module };
}

/** The module of `lazy`: at once when loaded, else the component suspends until it is (React's `use`). */
export function useLazyModule<T>(lazy: LazyModule<T>): T {
  return lazy.loaded() ?? use(lazy.load());
}
