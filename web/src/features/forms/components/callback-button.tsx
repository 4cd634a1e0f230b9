import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { linkButtonProps } from '@/components/ui/link-button';
import { PanelQueryContent, SlidePanel, usePanelOpener } from '@/components/ui/overlay';
import { paths } from '@/config/paths';
import { formQueryOptions, isShowableForm } from '../api/forms';
import { LazyServerForm } from './lazy-server-form';
import styles from './callback-button.module.css';

/** Code of the callback form (issue 5). */
export const CALLBACK_FORM = 'callback';

/** Props of {@link CallbackButton}. */
export interface CallbackButtonProps {
  /**
   * `header` (default): the head's icon control, its text shown from 1043 px; `inline`: a regular button with its
   * text (the contacts panel and page, issue 8), whose panel opens above the overlay it sits in.
   */
  variant?: 'header' | 'inline';
}

/**
 * The header's "Заказать звонок" control (issue 5; spec §2 "a callback request", §7 slide_panel action callback):
 * opens a right-hand slide panel holding the server-described callback form. The form is loaded on each opening
 * (a fresh captcha each time); an answer that cannot be shown gives the SLIDE_PANEL_UNDEFINED_ERROR alert
 * (spec §8). Navigation closes the panel.
 *
 * A link to the contacts page acting as a button (issue 33): the form needs scripts (its captcha, the phone field),
 * so without them the shopper is led to the shop's phones and hours instead (docs/decisions.md).
 */
export function CallbackButton({ variant = 'header' }: CallbackButtonProps) {
  const { t } = useTranslation();
  const { open, setOpen, openerRef: buttonRef } = usePanelOpener<HTMLAnchorElement>();
  const queryClient = useQueryClient();
  const options = formQueryOptions(CALLBACK_FORM);
  const query = useQuery({ ...options, enabled: open });

  return (
    <>
      <a
        ref={buttonRef}
        href={paths.contacts}
        className={variant === 'inline' ? `button ${styles.inline}` : `icon-button ${styles.button}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...linkButtonProps(() => {
          // Each opening loads the form anew: the last answer's captcha may be used up, its prefill stale.
          void queryClient.resetQueries({ queryKey: options.queryKey, exact: true });
          setOpen(true);
        })}
      >
        <svg className="icon-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
        </svg>
        <span className={styles.text}>{t('forms.callback.open')}</span>
      </a>
      {/* Without scripts the inline one (the contacts page's) would lead to the page it is on: it steps aside. */}
      {variant === 'inline' && (
        <noscript>
          <style>{`.${styles.inline}{display:none}`}</style>
        </noscript>
      )}
      <SlidePanel
        open={open}
        onOpenChange={setOpen}
        title={query.data && isShowableForm(query.data) ? query.data.title : t('forms.callback.title')}
        returnFocusTo={buttonRef}
      >
        {open || query.data ? (
          <PanelQueryContent query={query} hasContent={isShowableForm}>
            {(form) => <LazyServerForm form={form} />}
          </PanelQueryContent>
        ) : null}
      </SlidePanel>
    </>
  );
}
