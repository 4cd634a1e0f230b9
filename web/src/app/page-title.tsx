import { useTranslation } from '@/i18n/use-translation';
import { useShop } from '@/features/shop/api/get-shop';

/**
 * Sets the document title of a page: `"{title} — {shop name}"` (or just the shop name without
 * `title`). Uses React 19's `<title>` hoisting, which places it before the shell's static
 * `<title>Витрина</title>`, so it wins.
 */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const shop = useShop();
  const shopName = shop.data?.name ?? t('app.brand');
  const text = title ? t('app.titleWithShop', { title, shop: shopName }) : shopName;
  return <title>{text}</title>;
}
