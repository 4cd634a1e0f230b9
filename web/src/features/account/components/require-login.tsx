import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { LoadingState } from '@/components/ui/status-states';
import { openLoginPanel } from '../hooks/login-panel';
import { useCurrentUser } from './user-widget';
import { AccountPage } from './account-page';

/**
 * The gate of the account pages (issue 7): a logged-in user sees `children`; a guest gets the login panel opened at
 * once, and the page says why with a button to open it again. After logging in the same page shows its content.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useEffect(() => {
    if (user === null) openLoginPanel('login');
  }, [user]);
  if (user === undefined) return <LoadingState />;
  if (user === null) {
    return (
      <AccountPage title={t('account.personalTitle')}>
        <p>{t('account.loginRequired')}</p>
        <button type="button" className="button" onClick={() => openLoginPanel('login')}>
          {t('account.logIn')}
        </button>
      </AccountPage>
    );
  }
  return <>{children}</>;
}
