import { createContext, useContext, type ReactNode } from 'react';
import type { Offer } from '@/lib/api/types';

/** Where offer actions are shown: a product card of a grid, the product page, or a column of the compare table. */
export type OfferActionsPlace = 'card' | 'page' | 'table';

/** Renders the actions of one offer ("В корзину", "В избранное", "Сравнить"; issue 6). */
export type OfferActionsRenderer = (offer: Offer, place: OfferActionsPlace) => ReactNode;

const OfferActionsContext = createContext<OfferActionsRenderer | null>(null);

/**
 * Supplies the offer actions to every product card below it. Features never import each other (HOUSE_STYLE): the
 * catalogue's cards render this slot, and the app fills it with the basket and compare features' buttons.
 */
export function OfferActionsProvider({ render, children }: { render: OfferActionsRenderer; children: ReactNode }) {
  return <OfferActionsContext.Provider value={render}>{children}</OfferActionsContext.Provider>;
}

/** The offer's actions from the nearest {@link OfferActionsProvider}; nothing without one. */
export function OfferActionsSlot({ offer, place }: { offer: Offer; place: OfferActionsPlace }) {
  const render = useContext(OfferActionsContext);
  return render ? <>{render(offer, place)}</> : null;
}
