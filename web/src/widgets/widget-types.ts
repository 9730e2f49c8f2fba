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
}

export interface WidgetComponent {
  (props: WidgetProps): ReactNode;
  /** The widget renders its own label beside the control (checkbox); otherwise the field row puts it above. */
  ownsLabel?: boolean;
}
