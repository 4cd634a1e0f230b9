import type { ReactNode } from 'react';
import styles from './alert.module.css';

/** Props of {@link Alert}. */
export interface AlertProps {
  /** `error` (spec §8: SLIDE_PANEL_UNDEFINED_ERROR, FORMS_ALERT_ERROR) or `success` (FORMS_ALERT_SUCCESS). */
  variant?: 'error' | 'success';
  /** The message, already translated (`t(code)`). */
  children: ReactNode;
  className?: string;
}

/**
 * A message box for the error and success alerts of spec §8. An error is `role="alert"`
 * (assertive, read at once); a success is `role="status"` (polite). Colour only repeats what the
 * text says; an icon marks the variant for sighted users.
 */
export function Alert({ variant = 'error', children, className }: AlertProps) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={[styles.alert, variant === 'error' ? styles.error : styles.success, className].filter(Boolean).join(' ')}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" />
        {variant === 'error' ? <path d="M12 7v6M12 16.5v.5" /> : <path d="M7.5 12.5l3 3 6-6.5" />}
      </svg>
      <div className={styles.text}>{children}</div>
    </div>
  );
}
