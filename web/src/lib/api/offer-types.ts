/*
 * Wire types of an offer (docs/api.md "Offers"), in a file without imports so the e2e helpers (no `@/` alias) can
 * import them too. Shared by the catalogue, the basket, the compare list and recently viewed.
 */

/** One characteristic of an offer (`<param>` of the feed). */
export interface OfferParam {
  name: string;
  value: string;
  /** Unit of `value`, e.g. `см`; `null` when none. */
  unit: string | null;
}

/** An offer (product) as the API sends it. */
export interface Offer {
  /** The feed's offer id. */
  id: string;
  name: string;
  /** Page path, e.g. `/catalog/konstruktory/konstruktor-…/` or `/catalog/products/…/`. */
  url: string;
  sectionId: string | null;
  /** Picture URLs, the first is the main one; may be empty. Remote ones often fail to load. */
  pictures: string[];
  /** Price in major units. */
  price: number;
  /** Price before the discount in major units, or `null`. */
  oldPrice: number | null;
  /** ISO 4217 code: `RUB`, `KZT`, `BYN`, `USD`, `EUR`, `UAH`. */
  currencyId: string;
  available: boolean;
  vendor: string | null;
  vendorCode: string | null;
  params: OfferParam[];
  /** Server-sanitised HTML, or `null`. */
  description: string | null;
}
