import type { AnyTool, Field, FieldKind, WidgetKey } from '@folio/registry';
import { hasChoices, isSecret } from '../../widgets/field-attributes';
import { WIDGETS, type WidgetComponent } from '../../widgets';
import { PageGridField } from '../../widgets/page-grid/PageGridField';

/** rjsf's step 2: the widget a field kind gets when the declaration names none. */
const DEFAULT_WIDGET_FOR_KIND: Record<FieldKind, WidgetKey> = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  checkbox: 'checkbox',
  select: 'select',
  choices: 'choices',
  entries: 'entries',
  pages: 'pages',
  size: 'text',
  file: 'file',
  'page-items': 'page-workspace',
};

/**
 * What a field kind shows under its help and error, whatever its widget: the
 * grid of the chosen PDF's pages under a page selection.
 */
const BELOW_FIELD_FOR_KIND: Partial<Record<FieldKind, WidgetComponent>> = {
  pages: PageGridField,
};

/** The view shown under a field of this kind, if its kind has one. */
export function resolveBelowField(field: Field): WidgetComponent | undefined {
  return BELOW_FIELD_FOR_KIND[field.kind];
}

function widgetKeyFor(field: Field): string {
  if (field.widget) return field.widget;
  // A number limited to a few values (Rotate's angle) is picked, not typed.
  if (field.kind === 'number' && hasChoices(field)) return 'select';
  if (isSecret(field)) return 'password';
  return DEFAULT_WIDGET_FOR_KIND[field.kind];
}

function lookUp(key: string): WidgetComponent | undefined {
  return (WIDGETS as Record<string, WidgetComponent | undefined>)[key];
}

function missingWidgetMessage(tool: AnyTool, name: string, field: Field, key: string): string {
  return `Tool "${tool.id}": no widget "${key}" for field "${name}" (${field.kind}). Register it in web/src/widgets/index.ts.`;
}

/** Like rjsf's getWidget: the field's `widget` key, else the default for its kind, else a clear error. */
export function resolveWidget(tool: AnyTool, name: string, field: Field): WidgetComponent {
  const key = widgetKeyFor(field);
  const widget = lookUp(key);
  if (!widget) throw new Error(missingWidgetMessage(tool, name, field, key));
  return widget;
}

/**
 * Checked once at start-up for every tool, so a missing widget fails the app on
 * load rather than on the one page that needs it; all problems are reported together.
 */
export function assertWidgetsResolve(tools: readonly AnyTool[]): void {
  const problems = tools.flatMap((tool) =>
    Object.entries(tool.fields)
      .filter(([, field]) => !field.apiOnly && !lookUp(widgetKeyFor(field)))
      .map(([name, field]) => missingWidgetMessage(tool, name, field, widgetKeyFor(field))),
  );
  if (problems.length > 0) throw new Error(`Some fields have no widget:\n${problems.join('\n')}`);
}
