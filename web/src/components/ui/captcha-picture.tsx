import { useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { CAPTCHA_HEIGHT_PX, CAPTCHA_WIDTH_PX } from '@/config/constants';
import type { FormCaptcha } from '@/lib/api/types';
import styles from './captcha-picture.module.css';

/** Props of {@link CaptchaPicture}. */
export interface CaptchaPictureProps {
  captcha: FormCaptcha;
  /** Bumped for "another picture": the image (and the spoken word) are fetched anew, with a new word. */
  version: number;
  /** "Показать другую картинку" was pressed. */
  onAnother: () => void;
}

/** The captcha's address with the picture version, so a new picture (and its word) is never a cached one. */
function versioned(url: string, version: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (version) params.set('v', String(version));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The captcha's picture (spec §3, §5) with its two buttons: "Показать другую картинку" and "Прослушать код", which
 * plays the same word spoken (`GET /api/captcha/{sid}/audio`, in the interface's language): an alternative that does
 * not need sight (issue 19, WCAG 1.1.1).
 */
export function CaptchaPicture({ captcha, version, onAnother }: CaptchaPictureProps) {
  const { t, i18n } = useTranslation();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const audioUrl = versioned(`${captcha.imageUrl}/audio`, version, { lang: language });
  return (
    <div className={styles.captcha}>
      <img
        className={styles.image}
        src={versioned(captcha.imageUrl, version)}
        alt={t('forms.captcha.imageAlt')}
        width={CAPTCHA_WIDTH_PX}
        height={CAPTCHA_HEIGHT_PX}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t('forms.captcha.another')}
        title={t('forms.captcha.another')}
        onClick={onAnother}
      >
        <svg className="icon-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('forms.captcha.listen')}
        title={t('forms.captcha.listen')}
        data-testid="captcha-listen"
        onClick={() => {
          const audio = audioRef.current;
          if (!audio) return;
          audio.currentTime = 0;
          void audio.play().catch(() => {
            // The browser refused to play (no audio output): nothing to do; the picture stays.
          });
        }}
      >
        <svg className="icon-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 9v6h4l5 4V5L8 9H4M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
        </svg>
      </button>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the clip speaks the captcha's characters, the picture's alternative: a caption would be the answer */}
      <audio ref={audioRef} src={audioUrl} preload="none" data-testid="captcha-audio" />
    </div>
  );
}
