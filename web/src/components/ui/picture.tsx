import { useCallback, useState } from 'react';
import styles from './picture.module.css';

/** Inline placeholder picture (no network): a framed landscape icon on a light background, square. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
  '<rect width="100" height="100" fill="#eef0f4"/>' +
  '<g fill="none" stroke="#a3abb9" stroke-width="3" stroke-linejoin="round">' +
  '<rect x="28" y="32" width="44" height="36" rx="4"/>' +
  '<path d="M30 64l13-14 9 9 6-6 12 11"/></g>' +
  '<circle cx="60" cy="43" r="4" fill="#a3abb9"/></svg>';

/** `src` of the placeholder picture: an inline SVG data URL. */
export const PLACEHOLDER_SRC = `data:image/svg+xml,${encodeURIComponent(PLACEHOLDER_SVG)}`;

/** Props of {@link Picture}. */
export interface PictureProps {
  /** Picture URL; `undefined` or `''` shows the placeholder straight away. */
  src: string | undefined;
  /** Text alternative; kept on the placeholder too, so the picture is still named. */
  alt: string;
  /** Intrinsic width and height, px: reserve the box before the picture loads (no layout shift). */
  width: number;
  height: number;
  /** `lazy` (default) for lists, `eager` for the first picture a page shows. */
  loading?: 'lazy' | 'eager';
  /** Hint for the browser's fetch queue (the product page's main picture gets `high`). */
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

/**
 * An `<img>` that falls back to an inline placeholder when the picture is missing or fails to load
 * (remote pictures of imported feeds often do: dead shop sites, no internet).
 *
 * The element says which it shows in `data-placeholder="true" | "false"` (tests and styles read it).
 * Pictures are `decoding="async"`, lazy unless told otherwise, sized by `width`/`height` and shown
 * `object-fit: contain` inside a square box set by the caller's `className`.
 *
 * In a server-rendered page (issue 22) the picture may fail before the browser hydrates, when no `onError` is
 * listening yet: on mount the element is checked, and one that finished loading without an image shows the
 * placeholder too.
 */
export function Picture({ src, alt, width, height, loading = 'lazy', fetchPriority, className }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const placeholder = !src || failedSrc === src;
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && src && img.complete && img.naturalWidth === 0 && img.getAttribute('src') === src) setFailedSrc(src);
    },
    [src],
  );
  return (
    <img
      ref={placeholder ? undefined : checkLoaded}
      className={[styles.picture, className].filter(Boolean).join(' ')}
      src={placeholder ? PLACEHOLDER_SRC : src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      data-placeholder={placeholder ? 'true' : 'false'}
      onError={placeholder ? undefined : () => setFailedSrc(src)}
    />
  );
}
