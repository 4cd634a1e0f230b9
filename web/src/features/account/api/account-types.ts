/* Wire types of the accounts API (docs/api.md "Accounts"). */

/** The logged-in user as `GET /api/session` (`user`) and `GET /api/me` send it. */
export interface User {
  id: number;
  email: string;
  name: string;
  /** International format, or `null`. */
  phone: string | null;
  /** The phone's country (ISO 3166-1 alpha-2, lower case), or `null`. */
  phoneCountry: string | null;
}

/** One order of `GET /api/me/orders`. Money in major units of `currencyId`. */
export interface MyOrder {
  number: string;
  /** RFC 3339. */
  createdAt: string;
  status: string;
  total: number;
  currencyId: string;
  /** Pieces ordered. */
  itemCount: number;
}
