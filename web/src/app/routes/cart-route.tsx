import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { basketParams, paths } from '@/config/paths';
import { CartPage } from '@/features/basket/components/cart-page';
import { PageTitle } from '../page-title';
import { isYes } from '@/config/yes-no';

/** The cart page `/personal/cart/` and its wishlist tab `?delay=Y` (issue 6). */
export function CartRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wishlist = isYes(params.get(basketParams.delay));
  const title = wishlist ? t('basket.wishlistTitle') : t('basket.title');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: title }]} />
      <CartPage wishlist={wishlist} />
    </>
  );
}
