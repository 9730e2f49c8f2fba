/**
 * Every widget a field may name with `widget:`. Strings only, so the registry
 * never imports React; web/src/widgets/index.ts maps each key to a component and
 * `satisfies Record<WidgetKey, ...>` makes a missing one a compile error.
 */
export const WIDGET_KEYS = [
  'text',
  'textarea',
  'number',
  'checkbox',
  'select',
  'choices',
  'entries',
  'pages',
  'file',
  'password',
  'color',
  'section-grid',
  'bookmark-editor',
  'pipeline-editor',
  'document-info',
  'page-workspace',
  'redaction-workspace',
  'signature-workspace',
  'form-filler',
] as const;

export type WidgetKey = (typeof WIDGET_KEYS)[number];
