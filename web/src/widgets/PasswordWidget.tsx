import { TextInput } from './TextWidget';
import type { WidgetProps } from './widget-types';

/** A masked text input; the browser is asked not to fill in or remember what is typed. */
export function PasswordWidget(props: WidgetProps) {
  return <TextInput {...props} type="password" autoComplete="new-password" />;
}
