/** The ponyfill build of `abortcontroller-polyfill` ships no types: it exports the standard classes. */
declare module 'abortcontroller-polyfill/dist/cjs-ponyfill.js' {
  export const AbortController: typeof globalThis.AbortController;
  export const AbortSignal: typeof globalThis.AbortSignal;
}
