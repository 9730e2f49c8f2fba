import { pageFieldMeaning, type Field, type PagesOptions } from '@folio/registry';
import type { PageGridMode } from './page-grid-state';

/** The grid's mode for a page field under these form values: its meaning as the kit reads it (none: no grid). */
export function pageGridModeOf(field: Field, values: Readonly<Record<string, unknown>>): PageGridMode | undefined {
  return pageFieldMeaning(field as Field & Pick<PagesOptions, 'order'>, values);
}
