import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { useSetStaffPassword, useStaffLogin, useStaffLogout, useStaffSession } from './api';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { ReviewsPage, StaffPage, StatePage } from './pages/shop-pages';
import { useAdminText } from './text';
import styles from './admin.module.css';

/** `id` of the back office's `<main>`, the skip link's target. */
const MAIN_ID = 'admin-main';

/**
 * The back office at `/admin/` (issue 37): the shop's staff work orders, moderate reviews and look at the shop's
 * state. Its own lazy route tree and layout, in chunks no shop page loads; drawn in the browser only (the server
 * sends the shell, `noindex`). Without a staff session it shows the log-in; `/admin/set-password#TOKEN` sets a
 * password through the CLI's one-time link.
 */
export function AdminApp() {
  const { t } = useAdminText();
  const session = useStaffSession();
  const location = useLocation();
  if (location.pathname.replace(/\/$/, '') === '/admin/set-password') {
    return (
      <Frame>
        <SetPasswordPage />
      </Frame>
    );
  }
  if (session.isPending) return <Frame>{t('loading')}</Frame>;
  if (session.isError) {
    return (
      <Frame>
        <p role="alert">{t('error')}</p>
        <button type="button" className="button" onClick={() => void session.refetch()}>
          {t('retry')}
        </button>
      </Frame>
    );
  }
  const staff = session.data.staff;
  if (!staff) {
    return (
      <Frame>
        <LoginPage />
      </Frame>
    );
  }
  return (
    <Frame nav={<AdminNav owner={staff.role === 'owner'} email={staff.email} />}>
      <Routes>
        <Route index element={<Navigate to="orders" replace />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:number" element={<OrderPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="state" element={<StatePage />} />
        {staff.role === 'owner' && <Route path="staff" element={<StaffPage />} />}
        <Route path="*" element={<OrdersPage />} />
      </Routes>
    </Frame>
  );
}

/** The back office's frame: skip link, a header with the navigation (when logged in), `<main>`. */
function Frame({ nav, children }: { nav?: ReactNode; children: ReactNode }) {
  const { t } = useAdminText();
  const shop = useTranslation();
  return (
    <div className={styles.app}>
      <a href={`#${MAIN_ID}`} className="skip-link">
        {shop.t('a11y.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <Link to="/admin/" className={styles.brand}>
            {t('title')}
          </Link>
          {nav}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={`container ${styles.main}`}>
        {children}
      </main>
    </div>
  );
}

function AdminNav({ owner, email }: { owner: boolean; email: string }) {
  const { t } = useAdminText();
  const logout = useStaffLogout();
  const links: [string, string][] = [
    ['/admin/orders', t('nav.orders')],
    ['/admin/reviews', t('nav.reviews')],
    ['/admin/state', t('nav.state')],
  ];
  if (owner) links.push(['/admin/staff', t('nav.staff')]);
  return (
    <>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <ul>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to}>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href="/">{t('nav.shop')}</a>
          </li>
        </ul>
      </nav>
      <div className={styles.who}>
        <span data-testid="staff-email">{email}</span>
        <button type="button" className="button button--secondary" onClick={() => logout.mutate()}>
          {t('nav.logOut')}
        </button>
      </div>
    </>
  );
}

function LoginPage() {
  const { t } = useAdminText();
  const login = useStaffLogin();
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setError('');
    login.mutate(
      { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 401) setError(t('login.wrong'));
          else if (failure instanceof ApiError && failure.status === 429) {
            const seconds = failure.errors[0]?.detail.match(/\d+/)?.[0] ?? '60';
            setError(t('login.limited', { seconds }));
          } else setError(t('login.failed'));
        },
      },
    );
  };
  return (
    <section className={styles.narrow}>
      <title>{t('login.title')}</title>
      <h1>{t('login.title')}</h1>
      <form onSubmit={submit} className={styles.form} noValidate>
        <label>
          {t('login.email')}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={login.isPending}>
          {t('login.submit')}
        </button>
      </form>
    </section>
  );
}

function SetPasswordPage() {
  const { t } = useAdminText();
  const token = useLocation().hash.replace(/^#/, '');
  const setPassword = useSetStaffPassword();
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setError('');
    setPassword.mutate(
      { token, password },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'STAFF_LINK_INVALID') setError(t('setPassword.invalid'));
          else setError(failure instanceof ApiError ? (failure.errors[0]?.detail ?? failure.message) : String(failure));
        },
      },
    );
  };
  return (
    <section className={styles.narrow}>
      <title>{t('setPassword.title')}</title>
      <h1>{t('setPassword.title')}</h1>
      {!token && <p>{t('setPassword.noToken')}</p>}
      {token && setPassword.isSuccess && (
        <>
          <p role="status">{t('setPassword.done')}</p>
          <Link to="/admin/" className="button">
            {t('setPassword.toLogin')}
          </Link>
        </>
      )}
      {token && !setPassword.isSuccess && (
        <form onSubmit={submit} className={styles.form} noValidate>
          <p>{t('setPassword.note')}</p>
          <label>
            {t('setPassword.password')}
            <input name="password" type="password" autoComplete="new-password" minLength={8} required />
          </label>
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={setPassword.isPending}>
            {t('setPassword.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
