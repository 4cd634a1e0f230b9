import { createContext } from 'react';

/**
 * True inside the compare page's table. The app's offer actions (`OfferActionsSlot`) include the "Сравнить" toggle;
 * on the compare page every offer is already on the list and has its own "Удалить" button, so
 * {@link CompareButton} renders nothing there.
 */
export const InsideCompareTable = createContext(false);
