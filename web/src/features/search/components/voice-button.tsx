import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { VISITED_COOKIE_MAX_AGE_S, VISITED_COOKIE_NAME } from '@/config/constants';
import { MicrophoneIcon } from '@/components/ui/icons';
import { getCookie, setCookie } from '@/lib/cookies';
import type { VoiceInput } from '../hooks/use-voice-input';
import styles from './voice-button.module.css';

/**
 * `true` once per shopper: on the first visit (no visited-flag cookie) it sets the cookie
 * ({@link VISITED_COOKIE_NAME}, path `/`, {@link VISITED_COOKIE_MAX_AGE_S} s, spec §9) and answers `true`; later
 * calls, and every later visit, answer `false`.
 */
function claimFirstVisit(): boolean {
  if (getCookie(VISITED_COOKIE_NAME) !== null) return false;
  setCookie(VISITED_COOKIE_NAME, 'Y', { maxAgeS: VISITED_COOKIE_MAX_AGE_S, path: '/' });
  return true;
}

/**
 * The microphone button of voice search (issue 4; spec §4, §5): rendered only where voice input is offered,
 * `aria-pressed` while recording (toggles between recording and stopped). On a shopper's first visit it pulses
 * once to draw the eye (no pulse under reduced motion).
 */
export function VoiceButton({ voice }: { voice: VoiceInput }) {
  const { t } = useTranslation();
  const [pulse, setPulse] = useState(false);
  useEffect(() => {
    if (voice.supported && claimFirstVisit()) setPulse(true);
  }, [voice.supported]);
  if (!voice.supported) return null;
  return (
    <button
      type="button"
      className={styles.voice}
      aria-label={t('search.voiceStart')}
      title={voice.recording ? t('search.voiceStop') : t('search.voiceStart')}
      aria-pressed={voice.recording}
      data-recording={voice.recording || undefined}
      data-pulse={pulse || undefined}
      data-testid="search-voice"
      onClick={voice.toggle}
      onAnimationEnd={() => setPulse(false)}
    >
      <MicrophoneIcon className={styles.voiceIcon} />
    </button>
  );
}
