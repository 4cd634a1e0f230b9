import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PRODUCT_IMAGE_SIZE_PX, THUMBNAIL_IMAGE_SIZE_PX } from '@/config/constants';
import { Picture } from '@/components/ui/picture';
import type { OwnPicture } from '@/lib/api/types';
import styles from './product-gallery.module.css';

/**
 * The product page's pictures: one large picture and, with more than one picture, a row of
 * thumbnail buttons that switch it (`aria-pressed` marks the shown one). Broken or missing
 * pictures show the placeholder.
 */
export function ProductGallery({ name, pictures }: { name: string; pictures: OwnPicture[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = pictures.length;
  const current = Math.min(index, Math.max(0, total - 1));
  return (
    <section className={styles.gallery} aria-label={t('offer.gallery')}>
      <div className={styles.main}>
        <Picture
          key={pictures[current]?.id ?? 'none'}
          picture={pictures[current]}
          slot="page"
          alt={total > 1 ? t('offer.photo', { name, index: current + 1, total }) : name}
          width={PRODUCT_IMAGE_SIZE_PX}
          height={PRODUCT_IMAGE_SIZE_PX}
          loading="eager"
          fetchPriority="high"
          className={styles.mainPicture}
        />
      </div>
      {total > 1 && (
        <ul className={styles.thumbs}>
          {pictures.map((picture, i) => (
            <li key={`${i}-${picture.id}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === current}
                aria-label={t('offer.showPhoto', { index: i + 1, total })}
                onClick={() => setIndex(i)}
              >
                <Picture
                  picture={picture}
                  slot="thumbnail"
                  alt=""
                  width={THUMBNAIL_IMAGE_SIZE_PX}
                  height={THUMBNAIL_IMAGE_SIZE_PX}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
