import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SlidePanel } from '@/components/ui/overlay';
import { UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { refreshSessionQueries, useSession } from '@/lib/session';
import { logOut } from '../api/auth';
import type { User } from '../api/account-types';
import { closeLoginPanel, openLoginPanel, useLoginPanel } from '../hooks/login-panel';
import { LoginForm, RegisterForm, ResetRequestForm } from './auth-forms';
import styles from './user-widget.module.css';

/** The logged-in user of the session, or `null` for a guest (`undefined` while the session loads). */
export function useCurrentUser(): User | null | undefined {
  const session = useSession();
  if (!session.data) return undefined;
  return (session.data.user as User | null) ?? null;
}

/**
 * The header's user widget (issue 7; spec §2 "User icon", §6 two states). A guest's icon opens the login slide panel
 * titled "Вход в личный кабинет" (log-in, "Забыли пароль?", registration inside it); after logging in the shopper
 * stays on the page. A logged-in user's icon toggles a dropdown menu (Личный кабинет, Мои заказы, Избранное, Выйти)
 * that a click outside or Escape closes.
 */
export function UserWidget() {
  const user = useCurrentUser();
  return user ? <UserMenu user={user} /> : <GuestButton />;
}

function GuestButton() {
  const { t } = useTranslation();
  const panel = useLoginPanel();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const location = useLocation();
  const titles = { login: t('account.panelTitle'), register: t('account.registerTitle'), reset: t('account.resetTitle') };

  // Navigation closes the panel, as it does the other panels.
  const { pathname } = location;
  useEffect(() => closeLoginPanel(), [pathname]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        data-testid="user-widget"
        aria-label={t('account.guestLabel')}
        aria-haspopup="dialog"
        aria-expanded={panel.open}
        onClick={() => openLoginPanel('login')}
      >
        <UserIcon className="icon-button__icon" />
      </button>
      <SlidePanel
        open={panel.open}
        onOpenChange={(open) => (open ? openLoginPanel(panel.view) : closeLoginPanel())}
        title={titles[panel.view]}
        returnFocusTo={buttonRef}
      >
        {panel.view === 'login' && <LoginForm onDone={closeLoginPanel} />}
        {panel.view === 'register' && <RegisterForm onDone={closeLoginPanel} />}
        {panel.view === 'reset' && <ResetRequestForm />}
      </SlidePanel>
    </>
  );
}

function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onLogOut = async () => {
    await logOut();
    await refreshSessionQueries(queryClient);
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="icon-button" data-testid="user-widget" aria-label={t('account.userLabel', { name: user.name })}>
          <UserIcon className="icon-button__icon" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
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
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
