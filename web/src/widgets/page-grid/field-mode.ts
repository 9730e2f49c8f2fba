import { conditionHolds, type Field, type PagesOptions } from '@folio/registry';
import type { PageGridMode } from './page-grid-state';

/**
 * What a page field's text means for these form values, from its declaration:
 * an order (`order: true`, or its condition holds), a plain selection (no
 * `order`), or, while an `order` condition does not hold, no pages at all
 * (Organise's copy count), for which no grid is shown.
 */
export function pageGridModeOf(field: Field, values: Readonly<Record<string, unknown>>): PageGridMode | undefined {
  const { order } = field as Field & Pick<PagesOptions, 'order'>;
  if (order === undefined) return 'selection';
  if (order === true || conditionHolds(order, values)) return 'order';
  return undefined;
}
