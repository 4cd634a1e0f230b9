import { useRouteError } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PageMessage } from './page-message';

/** The error screen's content: title, text and a full reload, which also fetches the current release. */
function ErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <PageMessage head={<title>{t('error.title')}</title>} title={t('error.title')} text={t('error.text')} testId="route-error">
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </PageMessage>
  );
}

/**
 * The error screen of a page that failed (its code threw, or its lazy chunk did not load), drawn inside the layout's
 * `<main>`: the header, its widgets and the footer keep working (issue 19). A chunk missing after a release reloads
 * the page by itself (`lib/release-reload.ts`); this screen is what a real failure leaves.
 */
export function RouteError() {
  return <ErrorScreen />;
}

/** The last resort, when the layout itself failed: the error screen alone, in its own `<main>`. */
export function RootError() {
  return (
    <main className="container">
      <ErrorScreen />
    </main>
  );
}

/**
 * What the page area holds while the first page's chunk loads (React Router's `HydrateFallback`, issue 19): nothing
 * visible, as the chunk is preloaded by the first HTML and comes at once; the layout around it is already drawn.
 */
export function PageHydrateFallback() {
  return null;
}
