import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { HeartIcon, MinusIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Picture } from '@/components/ui/picture';
import { BASKET_MAX_LINES, BASKET_MAX_QUANTITY, CARD_IMAGE_SIZE_PX } from '@/config/constants';
import { formatMoney } from '@/lib/format';
import { useRemoveBasketLine, useUpdateBasketLine } from '../api/basket-mutations';
import { basketErrorKey } from '../api/basket-errors';
import type { BasketLine } from '@/lib/api/types';
import styles from './basket-lines.module.css';

/** Props of {@link BasketLines}. */
export interface BasketLinesProps {
  lines: BasketLine[];
  /** `panel`: the compact list of the slide cart; `page`: the cart page's. */
  variant: 'panel' | 'page';
}

/**
 * Basket or wishlist lines (issue 6): picture, name linking to the product, price, quantity −/+ (and a typed
 * quantity on the cart page), line sum, remove, and move to the wishlist (basket lines) or to the basket
 * (wishlist lines). Quantity changes are optimistic; when the server refuses one, the line returns to its last
 * quantity and an alert says why.
 *
 * When a line leaves the list ("Удалить", or moved to the wishlist or back), focus goes to the next line (the
 * previous one after the last), or to the basket's heading when no line is left (issue 19, WCAG 2.4.3): never to
 * the top of the page.
 */
export function BasketLines({ lines, variant }: BasketLinesProps) {
  const { t } = useTranslation();
  const update = useUpdateBasketLine();
  const remove = useRemoveBasketLine();
  const error = update.error ?? remove.error;
  const listRef = useRef<HTMLUListElement | null>(null);
  // The line leaving the list and the one whose link takes the focus once it has gone.
  const focusAfter = useRef<{ leaving: number; next: number } | null>(null);

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending || lines.some((line) => line.id === pending.leaving)) return;
    focusAfter.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-line-id="${pending.next}"] a`)?.focus();
  }, [lines]);

  /** Moves focus off a line about to leave the list, then runs `action`; a refusal leaves focus on the line. */
  const leaveList = (line: BasketLine, action: (onError: () => void) => void) => {
    const index = lines.indexOf(line);
    const next = lines[index + 1] ?? lines[index - 1];
    if (next) focusAfter.current = { leaving: line.id, next: next.id };
    else focusBasketHeading(listRef.current);
    action(() => {
      focusAfter.current = null;
    });
  };

  return (
    <div className={styles.wrap} data-variant={variant}>
      {error && (
        <Alert variant="error">
          {t(basketErrorKey(error), { max: BASKET_MAX_QUANTITY, lines: BASKET_MAX_LINES })}
        </Alert>
      )}
      <ul className={styles.list} ref={listRef}>
        {lines.map((line) => (
          <li
            key={line.id}
            className={styles.line}
            data-testid="basket-line"
            data-offer-id={line.offer.id}
            data-line-id={line.id}
          >
            <Picture
              picture={line.offer.pictures[0]}
              slot="thumbnail"
              alt=""
              width={CARD_IMAGE_SIZE_PX}
              height={CARD_IMAGE_SIZE_PX}
              loading="lazy"
              className={styles.picture}
            />
            <div className={styles.main}>
              <Link to={line.offer.url} className={styles.name}>
                {line.offer.name}
              </Link>
              <span className={styles.price}>
                {line.offer.price > 0
                  ? t('basket.pricePerPiece', { price: formatMoney(line.offer.price, line.offer.currencyId) })
                  : t('offer.priceOnRequest')}
              </span>
              {!line.offer.available && <span className={styles.unavailable}>{t('offer.outOfStock')}</span>}
            </div>
            {!line.delay && (
              <QuantityStepper
                line={line}
                editable={variant === 'page'}
                onChange={(quantity) => update.mutate({ id: line.id, quantity })}
              />
            )}
            <span className={styles.sum} data-testid="basket-line-sum">
              {/* A line priced on request (issue 35: a wishlist line) has no sum to show. */}
              {line.offer.price > 0 ? formatMoney(line.sum, line.offer.currencyId) : ''}
            </span>
            <div className={styles.actions}>
              {line.delay ? (
                <button
                  type="button"
                  className={styles.textButton}
                  disabled={!line.offer.available}
                  onClick={() => leaveList(line, (onError) => update.mutate({ id: line.id, delay: false }, { onError }))}
                >
                  {t('basket.moveToBasket')}
                </button>
              ) : (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('basket.moveToWishlistLabel', { name: line.offer.name })}
                  title={t('basket.moveToWishlist')}
                  onClick={() => leaveList(line, (onError) => update.mutate({ id: line.id, delay: true }, { onError }))}
                >
                  <HeartIcon className="icon-button__icon" />
                </button>
              )}
              <button
                type="button"
                className="icon-button"
                aria-label={t('basket.removeLabel', { name: line.offer.name })}
                title={t('basket.remove')}
                onClick={() => leaveList(line, (onError) => remove.mutate({ id: line.id, delay: line.delay }, { onError }))}
              >
                <TrashIcon className="icon-button__icon" />
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Focuses the heading of the basket that `list` belongs to: the slide cart's title, or the page's `<h1>` (made
 * focusable). The last line is leaving, and the list with it.
 */
function focusBasketHeading(list: HTMLElement | null): void {
  const heading =
    list?.closest('[role="dialog"]')?.querySelector<HTMLElement>('h2') ??
    list?.closest('main')?.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/** Props of {@link QuantityStepper}. */
interface QuantityStepperProps {
  line: BasketLine;
  /** Whether the quantity can also be typed (the cart page); the panel shows it as text. */
  editable: boolean;
  onChange: (quantity: number) => void;
}

/**
 * − quantity + for a basket line, within 1..=`BASKET_MAX_QUANTITY`. At a bound the step is `aria-disabled` (it keeps
 * the focus a `disabled` button would lose).
 */
function QuantityStepper({ line, editable, onChange }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const { quantity } = line;
  const name = line.offer.name;

  const commit = () => {
    if (draft === null) return;
    const typed = Number.parseInt(draft, 10);
    setDraft(null);
    if (!Number.isFinite(typed)) return;
    const next = Math.min(BASKET_MAX_QUANTITY, Math.max(1, typed));
    if (next !== quantity) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      setDraft(null);
    }
  };

  return (
    <div className={styles.stepper} role="group" aria-label={t('basket.quantityLabel', { name })}>
      <button
        type="button"
        className={styles.step}
        aria-label={t('basket.decrease', { name })}
        aria-disabled={quantity <= 1 || undefined}
        onClick={() => quantity > 1 && onChange(quantity - 1)}
      >
        <MinusIcon className={styles.stepIcon} />
      </button>
      {editable ? (
        <input
          className={styles.quantityInput}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={t('basket.quantity')}
          data-testid="basket-line-quantity"
          value={draft ?? String(quantity)}
          onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
      ) : (
        <output className={styles.quantity} data-testid="basket-line-quantity">
          {quantity}
        </output>
      )}
      <button
        type="button"
        className={styles.step}
        aria-label={t('basket.increase', { name })}
        aria-disabled={quantity >= BASKET_MAX_QUANTITY || undefined}
        onClick={() => quantity < BASKET_MAX_QUANTITY && onChange(quantity + 1)}
      >
        <PlusIcon className={styles.stepIcon} />
      </button>
    </div>
  );
}
