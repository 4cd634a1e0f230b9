import * as Dialog from '@radix-ui/react-dialog';
import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import styles from './overlay-header.module.css';

/** Props of {@link OverlayHeader}. */
export interface OverlayHeaderProps {
  /** The overlay's title: its accessible name (`Dialog.Title`, an `<h2>`). */
  title: ReactNode;
  /** Keep the title for screen readers only (the content shows its own heading). */
  titleVisuallyHidden?: boolean;
  /** Before the title, e.g. a slide menu's back button. */
  start?: ReactNode;
  /** `aria-label` of the close button; "Закрыть" by default. */
  closeLabel?: string;
}

/**
 * The head row of an overlay: optional leading control, the title (`<h2>`, labels the dialog) and
 * the icon close button. Renders inside `Dialog.Content`.
 */
export function OverlayHeader({ title, titleVisuallyHidden = false, start, closeLabel }: OverlayHeaderProps) {
  const { t } = useTranslation();
  const heading = <Dialog.Title className={styles.title}>{title}</Dialog.Title>;
  return (
    <div className={styles.header}>
      {start && <div className={styles.headerStart}>{start}</div>}
      {titleVisuallyHidden ? <VisuallyHidden asChild>{heading}</VisuallyHidden> : heading}
      <Dialog.Close className={styles.close} aria-label={closeLabel ?? t('overlay.close')}>
        <svg className={styles.closeIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </Dialog.Close>
    </div>
  );
}
