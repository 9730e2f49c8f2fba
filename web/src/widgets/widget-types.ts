import type { Field } from '@folio/registry';
import type { ReactNode } from 'react';

/**
 * What every widget receives, like rjsf's WidgetProps: a controlled value and
 * the ids that tie it to its label, help and error. Widgets never see the form
 * library, so a custom widget is a plain component.
 */
export interface WidgetProps {
  /** DOM id of the control; the field's <label htmlFor> points at it. */
  id: string;
  /** Multipart name of the field. e.g. 'angle' */
  name: string;
  label: string;
  field: Field;
  /** As the form holds it: the default from defaultsOf(), then whatever the widget reported. */
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  /** Lets the form focus the first invalid control. */
  inputRef(element: HTMLElement | null): void;
  invalid: boolean;
  /** Ids of the help and error texts, for aria-describedby. */
  describedBy?: string;
  disabled?: boolean;
  /**
   * The rest of the form, for a widget that shows more than its own value (Split
   * by Sections' preview of the chosen file's first page). Plain widgets ignore it.
   */
  form?: WidgetFormContext;
}

/** What a widget may read besides its own value: every field's value and the chosen files. */
export interface WidgetFormContext {
  /** Each field's value as the form holds it. e.g. `{ horizontalDivisions: '2' }` */
  values: Readonly<Record<string, unknown>>;
  /** The files chosen in the file area. */
  files: readonly File[];
}

export interface WidgetComponent {
  (props: WidgetProps): ReactNode;
  /** The widget renders its own label beside the control (checkbox); otherwise the field row puts it above. */
  ownsLabel?: boolean;
}
