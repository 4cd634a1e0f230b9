import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router';
import { PanelLoadError, SlidePanel } from '@/components/ui/overlay';
import { LoadingState } from '@/components/ui/status-states';
import { UserIcon } from '@/components/ui/icons';
import { LazyWidget, retryableLazy } from '@/components/ui/widget-boundary';
import { useSession } from '@/lib/session';
import type { User } from '@/lib/api/types';
import { closeLoginPanel, openLoginPanel, useLoginPanel } from '../hooks/login-panel';

/**
 * The logged-in user's dropdown menu, loaded when a user is there: its Radix menu and positioning code (about
 * 15 KB gzip) stay out of the first page load of a guest (issue 9, initial JavaScript).
 */
const UserMenu = retryableLazy(async () => ({ default: (await import('./user-menu')).UserMenu }), 'UserMenu');

/** The login panel's forms, loaded on the panel's first opening; when they cannot be, the panel shows its error. */
const LoginPanelBody = retryableLazy(
  async () => ({ default: (await import('./login-panel-body')).LoginPanelBody }),
  'LoginPanelBody',
);

/** The logged-in user of the session, or `null` for a guest (`undefined` while the session loads). */
export function useCurrentUser(): User | null | undefined {
  const session = useSession();
  if (!session.data) return undefined;
  return session.data.user ?? null;
}

/**
 * The header's user widget (issue 7; spec §2 "User icon", §6 two states). A guest's icon opens the login slide panel
 * titled "Вход в личный кабинет" (log-in, "Забыли пароль?", registration inside it); after logging in the shopper
 * stays on the page. A logged-in user's icon toggles a dropdown menu (Личный кабинет, Мои заказы, Избранное, Выйти)
 * that a click outside or Escape closes.
 */
export function UserWidget() {
  const user = useCurrentUser();
  return user ? <LoggedInButton user={user} /> : <GuestButton />;
}

/**
 * The user menu once its code is there; until then the same icon button stands in its place (nothing moves when it
 * arrives), and a click on it opens the menu once it is. Unmounted at log-out, so that click is not remembered for
 * the next log-in. When the menu's code cannot be loaded (issue 19), the stand-in stays, and a click on it asks for
 * the code again.
 */
function LoggedInButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const standIn = (onClick: () => void) => (
    <button
      type="button"
      className="icon-button"
      data-testid="user-widget"
      aria-label={t('account.userLabel', { name: user.name })}
      aria-haspopup="menu"
      aria-expanded={openOnLoad}
      onClick={onClick}
    >
      <UserIcon className="icon-button__icon" />
    </button>
  );
  return (
    <LazyWidget
      name="user menu"
      widget={UserMenu}
      props={{ user, defaultOpen: openOnLoad }}
      loading={standIn(() => setOpenOnLoad(true))}
      fallback={(retry) =>
        standIn(() => {
          setOpenOnLoad(true);
          retry();
        })
      }
    />
  );
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
        {panel.open ? (
          <LazyWidget
            name="login forms"
            widget={LoginPanelBody}
            props={{ view: panel.view, onDone: closeLoginPanel }}
            loading={<LoadingState compact />}
            fallback={(retry) => <PanelLoadError onRetry={retry} />}
          />
        ) : null}
      </SlidePanel>
    </>
  );
}
