import type { ReactNode } from 'react';
import styles from './account-page.module.css';

/**
 * The frame of an account page (issue 7): the page's `h1` `title`, then `children`, in one column. The personal
 * page, the order history, the new-password page and the log-in gate share it.
 */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
