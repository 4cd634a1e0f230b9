import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useHydrated } from '@/lib/use-hydrated';
import { SHARE_CONFIRMATION_MS } from '@/config/constants';
import styles from './share-toggle.module.css';

/** Props of {@link ShareToggle}. */
export interface ShareToggleProps {
  /** Absolute URL to share (the product page). */
  url: string;
  /** Title handed to the native share sheet. */
  title: string;
}

type CopyStatus = 'idle' | 'copied' | 'failed';

/** Copies `text` with the Clipboard API, falling back to `execCommand('copy')` on the selected `input`. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: try the legacy way.
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * The share button of a product page (spec §2 "A share button toggles a share block").
 *
 * The button has `aria-expanded` / `aria-controls`; the block holds the page link (read-only field),
 * a "copy link" button (Clipboard API, with a fallback) whose outcome — "Ссылка скопирована" —
 * is announced in a `role="status"` region, and, only where the browser has `navigator.share`,
 * a native share button.
 */
export function ShareToggle({ url, title }: ShareToggleProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<CopyStatus>('idle');
  const blockId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Known in the browser only: drawn after hydration, so the server's HTML and the first render agree.
  const canShare = useHydrated() && typeof navigator.share === 'function';

  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), SHARE_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const onCopy = async () => {
    const copied = await copyText(url, inputRef.current);
    setStatus(copied ? 'copied' : 'failed');
    if (!copied) inputRef.current?.select();
  };

  const onNativeShare = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // The shopper closed the share sheet (AbortError) or sharing failed: nothing to do.
    }
  };

  return (
    <div className={styles.share}>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={blockId}
        onClick={() => {
          setOpen((value) => !value);
          setStatus('idle');
        }}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t('share.toggle')}
      </button>
      <div id={blockId} className={styles.block} hidden={!open} role="group" aria-label={t('share.block')}>
        <label htmlFor={inputId} className={styles.label}>
          {t('share.link')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onCopy}>
            {t('share.copy')}
          </button>
          {canShare && (
            <button type="button" className="button button--secondary" onClick={onNativeShare}>
              {t('share.native')}
            </button>
          )}
        </div>
        <p role="status" className={status === 'failed' ? styles.failed : styles.status}>
          {status === 'copied' ? t('share.copied') : status === 'failed' ? t('share.copyFailed') : ''}
        </p>
      </div>
    </div>
  );
}
