import type { Offer } from '@/lib/api/types';
import { useQuickView } from '../hooks/use-quick-view';
import { ProductCard, type ProductCardProps } from './product-card';
import { QuickViewPopup } from './quick-view';
import styles from './product-grid.module.css';

/** Number of leading cards whose pictures load eagerly (the first row at the widest layout). */
const EAGER_CARDS = 5;

/**
 * A responsive grid of product cards in a list: 2 columns on phones, 3 on small tablets,
 * 4 from 900 px and 5 from 1200 px. The grid hosts the product quick view its cards open
 * (one pop-up per grid, address handling by `useQuickView`). `headingLevel`: the cards' name headings
 * (see {@link ProductCardProps.headingLevel}).
 */
export function ProductGrid({
  offers,
  label,
  headingLevel,
}: {
  offers: Offer[];
  label?: string;
  headingLevel?: ProductCardProps['headingLevel'];
}) {
  const quickView = useQuickView();
  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {offers.map((offer, index) => (
          <li key={offer.id} className={styles.cell}>
            <ProductCard
              offer={offer}
              eager={index < EAGER_CARDS}
              onQuickView={quickView.open}
              headingLevel={headingLevel}
            />
          </li>
        ))}
      </ul>
      <QuickViewPopup
        offer={quickView.offer}
        onClose={quickView.close}
        onFollowLink={quickView.dismiss}
        opener={quickView.opener}
        overlayId={quickView.overlayId}
      />
    </>
  );
}
