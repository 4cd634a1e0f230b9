import type { Offer } from '../api/types';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

/** Number of leading cards whose pictures load eagerly (the first row at the widest layout). */
const EAGER_CARDS = 5;

/**
 * A responsive grid of product cards in a list: 2 columns on phones, 3 on small tablets,
 * 4 from 900 px and 5 from 1200 px.
 */
export function ProductGrid({ offers, label }: { offers: Offer[]; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {offers.map((offer, index) => (
        <li key={offer.id} className={styles.cell}>
          <ProductCard offer={offer} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
