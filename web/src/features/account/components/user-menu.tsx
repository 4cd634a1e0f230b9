import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { refreshSessionQueries } from '@/lib/session';
import { logOut } from '../api/auth';
import type { User } from '@/lib/api/types';
import styles from './user-widget.module.css';

/**
 * A logged-in user's header menu (issue 7; spec §6): the icon toggles a dropdown (Личный кабинет, Мои заказы,
 * Избранное, Выйти) that a click outside or Escape closes. Loaded lazily by `UserWidget`; `defaultOpen` when the
 * shopper clicked the icon before this code was there.
 */
export function UserMenu({ user, defaultOpen = false }: { user: User; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onLogOut = async () => {
    await logOut();
    await refreshSessionQueries(queryClient);
  };
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="icon-button" data-testid="user-widget" aria-label={t('account.userLabel', { name: user.name })}>
          <UserIcon className="icon-button__icon" />
        </button>
      </DropdownMenu.Trigger>
      {/* Not portaled: the menu stays inside the head's banner landmark (axe `region`). */}
      <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} data-testid="user-menu">
        <DropdownMenu.Label className={styles.label}>{user.name}</DropdownMenu.Label>
        <DropdownMenu.Item asChild className={styles.item}>
          <Link to={paths.personal}>{t('account.menu.personal')}</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={styles.item}>
          <Link to={paths.myOrders}>{t('account.menu.orders')}</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={styles.item}>
          <Link to={paths.wishlist}>{t('account.menu.wishlist')}</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className={styles.separator} />
        <DropdownMenu.Item className={styles.item} onSelect={() => void onLogOut()}>
          {t('account.menu.logOut')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
