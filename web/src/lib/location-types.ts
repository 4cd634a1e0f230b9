/*
 * Wire type of a delivery city, without imports, so the e2e specs (which have no `@/` aliases) can use it too.
 */

/**
 * A city the shopper may deliver to (issue 8; docs/api.md "Location"): `GET /api/locations` lists them, `POST
 * /api/location` chooses one, `GET /api/session` says the chosen one. Named after the API; not the DOM's `Location`.
 */
export interface Location {
  id: number;
  /** The city's name, e.g. `Москва`. */
  name: string;
  /** Its region, e.g. `Московская область`. */
  region: string;
  /** ISO 3166-1 alpha-2, upper case: `RU`, `BY`, `UA`, `KZ`. */
  country: string;
  /** Latitude and longitude, degrees (WGS 84). */
  lat: number;
  lon: number;
  population: number;
}
