import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** A page's `h1`, in the size every page title has (the catalogue, a section, search, checkout, feedback). */
export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className={styles.heading}>{children}</h1>;
}
