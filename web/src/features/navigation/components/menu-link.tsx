import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalUrl } from '../utils/menu-url';

/** Props of {@link MenuLink}. */
export interface MenuLinkProps {
  /** A site path (client-side navigation) or an absolute link (a plain `<a>`, opened in place). */
  url: string;
  className?: string;
  /** `true` marks the link `aria-current="page"`. */
  current?: boolean;
  children: ReactNode;
  onClick?: () => void;
}

/**
 * A link of a menu item: React Router's `<Link>` for site paths, a plain `<a rel="noopener">` for
 * external `https://…` items; `aria-current="page"` when it is the current page (issue 3).
 */
export function MenuLink({ url, className, current = false, children, onClick }: MenuLinkProps) {
  const ariaCurrent = current ? ('page' as const) : undefined;
  if (isExternalUrl(url)) {
    return (
      <a href={url} className={className} rel="noopener" aria-current={ariaCurrent} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={url} className={className} aria-current={ariaCurrent} onClick={onClick}>
      {children}
    </Link>
  );
}
