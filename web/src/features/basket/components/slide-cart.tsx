import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PanelLoadError, PanelQueryContent, SlidePanel, panelQueryRetry, type ReturnFocusTarget } from '@/components/ui/overlay';
import { LoadingState } from '@/components/ui/status-states';
import { LazyWidget, retryableLazy } from '@/components/ui/widget-boundary';
import { basketQueryOptions, useBasket } from '../api/get-basket';
import type { Basket } from '@/lib/api/types';

// The slide cart's code and styles are a chunk of their own, loaded on its first opening (spec §7: the slide-panel
// cart stylesheet is loaded when the cart opens). When it cannot be loaded, the panel shows its error (issue 19).
const SlideCartContent = retryableLazy(async () => ({ default: (await import('./slide-cart-content')).SlideCartContent }), 'SlideCartContent');

/** Whether a basket answer holds what the slide cart shows (spec §8: else `SLIDE_PANEL_UNDEFINED_ERROR`). */
export function isShowableBasket(basket: Basket): boolean {
  return Array.isArray(basket.lines) && typeof basket.totals?.count === 'number';
}

/** Props of {@link SlideCart}. */
export interface SlideCartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The mini cart; focus returns to it on close. */
  returnFocusTo?: ReturnFocusTarget;
}

/**
 * The slide-out cart (issue 6; spec §2 "clicking the mini cart opens a right-hand slide panel titled with the cart's
 * title text"): a right-hand slide panel "Корзина" holding the basket's lines with quantity −/+, remove and move to
 * the wishlist, the totals, "Оформить заказ" and "Перейти в корзину". Each opening reloads the basket; an answer
 * that cannot be shown gives the `SLIDE_PANEL_UNDEFINED_ERROR` alert.
 */
export function SlideCart({ open, onOpenChange, returnFocusTo }: SlideCartProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useBasket({ enabled: open, retry: panelQueryRetry });

  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: basketQueryOptions.queryKey, exact: true });
  }, [open, queryClient]);

  return (
    <SlidePanel open={open} onOpenChange={onOpenChange} title={t('basket.title')} returnFocusTo={returnFocusTo}>
      {open ? (
        <PanelQueryContent query={query} hasContent={isShowableBasket}>
          {(basket) => (
            <LazyWidget
              name="slide cart"
              widget={SlideCartContent}
              props={{ basket }}
              loading={<LoadingState compact />}
              fallback={(retry) => <PanelLoadError onRetry={retry} />}
            />
          )}
        </PanelQueryContent>
      ) : null}
    </SlidePanel>
  );
}
