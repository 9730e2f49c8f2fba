import type { Field, NumberOptions, SelectOption } from '@folio/registry';

/**
 * `Field` is the common shape; the builders add per-kind options (min, options,
 * choices...). These readers pick them up without widgets casting on their own.
 */
type WithKindOptions = Field &
  Partial<Pick<NumberOptions, 'min' | 'inputMin' | 'max' | 'step' | 'integer' | 'choices'>> & {
    options?: readonly SelectOption[];
  };

export function selectOptionsOf(field: Field): readonly SelectOption[] {
  const withOptions = field as WithKindOptions;
  return withOptions.options ?? withOptions.choices ?? [];
}

/** A text field holding a password (`text({ secret: true })`). */
export function isSecret(field: Field): boolean {
  return (field as Field & { secret?: boolean }).secret === true;
}

export function hasChoices(field: Field): boolean {
  return ((field as WithKindOptions).choices?.length ?? 0) > 0;
}

/** Browser hints for a number input; the schema stays the judge of validity. */
export function numberInputAttributes(field: Field): { min?: number; max?: number; step: number | 'any' } {
  const numeric = field as WithKindOptions;
  return {
    min: numeric.inputMin ?? numeric.min,
    max: numeric.max,
    step: numeric.step ?? (numeric.integer ? 1 : 'any'),
  };
}

/** Form values are kept as controls report them; a missing value shows as an empty control. */
export function textValue(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
