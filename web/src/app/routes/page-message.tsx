import type { ReactNode } from 'react';
import styles from './page-message.module.css';

/** Props of {@link PageMessage}. */
export interface PageMessageProps {
  /** The document's title element (`<PageTitle>` or `<title>`), first in the screen. */
  head: ReactNode;
  /** A large code above the title, hidden from screen readers (the 404's "404"). */
  code?: string;
  /** The screen's `<h1>`. */
  title: string;
  /** The line under the title. */
  text: string;
  /** The buttons or links under the text, centred in a row. */
  children: ReactNode;
  /** `data-testid` of the screen. */
  testId: string;
}

/** A page that is only a message, centred: the 404 page (`NotFoundRoute`) and the error screen of a failed page. */
export function PageMessage({ head, code, title, text, children, testId }: PageMessageProps) {
  return (
    <div className={styles.screen} data-testid={testId}>
      {head}
      {code && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </div>
  );
}
