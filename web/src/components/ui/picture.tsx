import { useCallback, useState } from 'react';
import styles from './picture.module.css';

/**
 * The placeholder: a framed landscape icon on a light background, square, drawn as inline SVG. Not an `<img>` with
 * a data URL: a browser counts an image that appears after a failed load as the page's largest paint (issue 22,
 * Lighthouse's LCP on a catalogue whose pictures are gone), and a placeholder is not the page's content.
 */
function Placeholder({ alt, width, height, className }: { alt: string; width: number; height: number; className: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid slice"
      width={width}
      height={height}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      focusable="false"
      data-placeholder="true"
    >
      <rect width="100" height="100" fill="#eef0f4" />
      <g fill="none" stroke="#a3abb9" strokeWidth="3" strokeLinejoin="round">
        <rect x="28" y="32" width="44" height="36" rx="4" />
        <path d="M30 64l13-14 9 9 6-6 12 11" />
      </g>
      <circle cx="60" cy="43" r="4" fill="#a3abb9" />
    </svg>
  );
}

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
 * An `<img>` that falls back to an inline SVG placeholder (named by `alt` as the picture was, `role="img"`) when the
 * picture is missing or fails to load (remote pictures of imported feeds often do: dead shop sites, no internet).
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
  const classes = [styles.picture, className].filter(Boolean).join(' ');
  if (placeholder) return <Placeholder alt={alt} width={width} height={height} className={classes} />;
  return (
    <img
      ref={checkLoaded}
      className={classes}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      data-placeholder="false"
      onError={() => setFailedSrc(src)}
    />
  );
}
