import type { Offer, OfferParam } from '@/lib/api/types';

/** One characteristic of the compare table: its name and each offer's value (`null`: the offer has none). */
export interface CompareRow {
  name: string;
  /** One per offer, in the offers' order: the value with its unit (`12 см`), or `null` when missing. */
  values: (string | null)[];
  /** True when every offer has the same value (a missing value differs from any value): the row shows no difference. */
  allEqual: boolean;
}

/** A param's text: `value` and its unit, joined by a no-break space (`12 см`). */
export function paramText(param: OfferParam): string {
  return param.unit ? `${param.value}\u00a0${param.unit}` : param.value;
}

/**
 * The rows of the compare table: the union of every offer's param names, in order of first appearance (the first
 * offer's params, then the names only later offers have), with each offer's value. An offer that repeats a name
 * (feeds may: two "Цвет" params) shows its values joined by ", ".
 */
export function compareRows(offers: readonly Offer[]): CompareRow[] {
  const names: string[] = [];
  const byOffer = offers.map((offer) => {
    const values = new Map<string, string>();
    for (const param of offer.params) {
      const text = paramText(param);
      const known = values.get(param.name);
      if (known === undefined && !names.includes(param.name)) names.push(param.name);
      values.set(param.name, known === undefined ? text : `${known}, ${text}`);
    }
    return values;
  });
  return names.map((name) => {
    const values = byOffer.map((values) => values.get(name) ?? null);
    return { name, values, allEqual: values.every((value) => value === values[0]) };
  });
}
