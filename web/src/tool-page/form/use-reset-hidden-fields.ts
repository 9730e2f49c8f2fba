import { defaultsOf, isFieldVisible, type AnyTool } from '@folio/registry';
import { useEffect } from 'react';

type Values = Record<string, unknown>;

/** The `resetWhenHidden` fields now hidden that hold something other than their default, with that default. */
export function hiddenFieldsToReset(tool: AnyTool, values: Values): [string, unknown][] {
  const defaults = defaultsOf(tool);
  return Object.entries(tool.fields)
    .filter(([name, field]) => field.resetWhenHidden && !isFieldVisible(field, values) && values[name] !== defaults[name])
    .map(([name]) => [name, defaults[name]]);
}

/**
 * Puts a field's default back once another choice hides it (spec §4, Advanced
 * Colour: leaving custom colours resets them to black on white).
 */
export function useResetHiddenFields(tool: AnyTool, values: Values, setValue: (name: string, value: unknown) => void): void {
  useEffect(() => {
    for (const [name, value] of hiddenFieldsToReset(tool, values)) setValue(name, value);
  }, [tool, values, setValue]);
}
