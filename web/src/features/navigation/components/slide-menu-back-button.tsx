import { BackIcon } from '@/components/ui/icons';
import styles from './slide-menu-back-button.module.css';

/** Props of {@link SlideMenuBackButton}. */
export interface SlideMenuBackButtonProps {
  /** Accessible name of the icon button, e.g. "Закрыть каталог". */
  label: string;
  /** Closes the slide menu. */
  onClick: () => void;
}

/**
 * The back icon at the start of a slide menu's title row (spec §2 "a slide menu … closed by its
 * back icon", "a cloned main menu … with a back title"): an icon button labelled `label` that
 * closes the menu. Passed as the slide panel's `headerStart`.
 */
export function SlideMenuBackButton({ label, onClick }: SlideMenuBackButtonProps) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      <BackIcon className={styles.backIcon} />
    </button>
  );
}
