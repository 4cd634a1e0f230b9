import { useCallback, useState } from 'react';
import { PICTURE_SIZES, PICTURE_WIDTHS } from '@/config/constants';
import type { OwnPicture } from '@/lib/api/types';
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

/** A derivative's file extension. */
export type PictureExtension = 'avif' | 'webp' | 'jpg';

/** Where a picture is drawn: its `sizes` ({@link PICTURE_SIZES}). */
export type PictureSlot = keyof typeof PICTURE_SIZES;

/** The path of `picture`'s derivative for slot width `width` (one of {@link PICTURE_WIDTHS}). */
export function picturePath(picture: OwnPicture, width: number, extension: PictureExtension): string {
  return `/pictures/${picture.id}/${width}.${extension}`;
}

/**
 * The `srcset` of `picture` in one format: each slot width's derivative with the width it really has, up to the
 * first slot as wide as the picture (a derivative is never enlarged, so wider ones repeat it). The server builds the
 * same string for the product picture's preload (`Picture::srcset`).
 */
export function pictureSrcSet(picture: OwnPicture, extension: PictureExtension): string {
  const entries: string[] = [];
  for (const slot of PICTURE_WIDTHS) {
    const width = Math.min(slot, picture.width);
    entries.push(`${picturePath(picture, slot, extension)} ${width}w`);
    if (width < slot) break;
  }
  return entries.join(', ');
}

/** Props of {@link Picture}. */
export interface PictureProps {
  /** The shop's copy of the picture; `null`/`undefined` (not fetched yet, failed, none) shows the placeholder. */
  picture: OwnPicture | null | undefined;
  /** Where it is drawn: which `sizes` the browser picks a derivative by. */
  slot: PictureSlot;
  /** Text alternative; kept on the placeholder too, so the picture is still named. */
  alt: string;
  /** Nominal width and height, px: reserve the box before the picture loads (no layout shift). */
  width: number;
  height: number;
  /** `lazy` (default) for lists, `eager` for the first picture a page shows. */
  loading?: 'lazy' | 'eager';
  /** Hint for the browser's fetch queue (the product page's main picture gets `high`). */
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

/**
 * One of the shop's own pictures (issue 24) as a `<picture>`: AVIF (once made) and WebP sources and a JPEG `<img>`,
 * each with the derivatives' `srcset` and the slot's `sizes`, so a phone takes a 320 px file where a wide screen takes
 * 1280. Without a picture, or when it fails to load (a copy removed by hand), an inline SVG placeholder named by
 * `alt` (`role="img"`) keeps the box.
 *
 * The element says which it shows in `data-placeholder="true" | "false"` (tests and styles read it). Pictures are
 * `decoding="async"`, lazy unless told otherwise, sized by `width`/`height` and shown `object-fit: contain` inside a
 * square box set by the caller's `className`. In a server-rendered page (issue 22) the picture may fail before the
 * browser hydrates, when no `onError` is listening yet: on mount the element is checked too.
 */
export function Picture({ picture, slot, alt, width, height, loading = 'lazy', fetchPriority, className }: PictureProps) {
  const [failedId, setFailedId] = useState<string | null>(null);
  const id = picture?.id;
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && id && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailedId(id);
    },
    [id],
  );
  const classes = [styles.picture, className].filter(Boolean).join(' ');
  if (!picture || failedId === picture.id) {
    return <Placeholder alt={alt} width={width} height={height} className={classes} />;
  }
  const sizes = PICTURE_SIZES[slot];
  return (
    <picture className={styles.frame}>
      {picture.avif && <source type="image/avif" srcSet={pictureSrcSet(picture, 'avif')} sizes={sizes} />}
      <source type="image/webp" srcSet={pictureSrcSet(picture, 'webp')} sizes={sizes} />
      <img
        ref={checkLoaded}
        className={classes}
        src={picturePath(picture, PICTURE_WIDTHS[1], 'jpg')}
        srcSet={pictureSrcSet(picture, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        data-placeholder="false"
        onError={() => setFailedId(picture.id)}
      />
    </picture>
  );
}
