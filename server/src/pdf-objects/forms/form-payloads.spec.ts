import { InvalidInputError } from '../../refusals/input-errors';
import { NAMES_MESSAGES, parseFieldNames, parseFieldUpdates, parseFieldValues, UPDATES_EMPTY } from './form-payloads';

describe('form payloads (reference-beyond §3.5–§3.7)', () => {
  const values = (json: string) => Object.fromEntries(parseFieldValues(json));

  it('reads `data` in the reference’s shapes, in its order', () => {
    expect(values('')).toEqual({});
    expect(values('null')).toEqual({});
    expect(values('{"template": {"a": " x "}, "b": 1}')).toEqual({ a: 'x' });
    expect(values('{"fields": [{"name": "a", "value": ["x", "y"]}, {"field": {"targetName": "b"}, "defaultValue": {"k": 1}}]}')).toEqual({
      a: 'x,y',
      b: '{"k":1}',
    });
    // A `fields` array naming nothing falls through to the object itself.
    expect(values('{"fields": [{}], "c": true}')).toEqual({ fields: '[{}]', c: 'true' });
    expect(values('{"a": 2, "b": null, "c": ["p", "q"]}')).toEqual({ a: '2', b: null, c: 'p,q' });
    expect(values('[{"name": "a", "value": null}]')).toEqual({ a: '' });
    expect(values('[{"a": "x"}]')).toEqual({ a: 'x' });
    expect(values('[]')).toEqual({});
    expect(values('["a"]')).toEqual({});
    expect(() => parseFieldValues('7')).toThrow(InvalidInputError);
  });

  it('reads `names` trimmed, blanks dropped, each once; says why none were found', () => {
    expect(parseFieldNames('"a"')).toEqual(['a']);
    expect(parseFieldNames('[" a ", "a", {"fieldName": "b"}, " "]')).toEqual(['a', 'b']);
    expect(parseFieldNames('{"name": "c"}')).toEqual(['c']);
    expect(parseFieldNames('{"fields": ["d", {"targetName": "e"}]}')).toEqual(['d', 'e']);
    for (const empty of ['', '[]', '[" "]', '" "']) expect(() => parseFieldNames(empty)).toThrow(NAMES_MESSAGES.empty);
    for (const shapeless of ['{}', '[{}]', '3', 'true']) expect(() => parseFieldNames(shapeless)).toThrow(NAMES_MESSAGES.shape);
  });

  it('reads `updates` as an array of definitions, at least one', () => {
    expect(parseFieldUpdates('[{"targetName": "a", "required": "TRUE", "options": ["x", 2], "defaultValue": 5}]')).toEqual([
      { targetName: 'a', required: true, options: ['x', '2'], defaultValue: '5' },
    ]);
    expect(() => parseFieldUpdates('[]')).toThrow(UPDATES_EMPTY);
    expect(() => parseFieldUpdates('{}')).toThrow(InvalidInputError);
  });
});
