import { describe, expect, it } from '@jest/globals';
import { fillData, fillDataJson } from './form-values';
import type { FieldValue, FormField } from './read-form-fields';

const base = { pageIndex: 0, rect: [0, 0, 10, 10] as const, readOnly: false, required: false };
const FIELDS: FormField[] = [
  { ...base, id: '1', name: 'applicant.name', label: 'Name', kind: 'text', multiLine: false, password: false, value: 'Jane' },
  { ...base, id: '2', name: 'agree', label: 'agree', kind: 'checkbox', exportValue: 'Yes', value: false },
  { ...base, id: '3', name: 'size', label: 'size', kind: 'radio', exportValue: 'small', value: 'large' },
  { ...base, id: '4', name: 'size', label: 'size', kind: 'radio', exportValue: 'large', value: 'large' },
  { ...base, id: '5', name: 'plan', label: 'plan', kind: 'choice', combo: true, multiSelect: false, options: [], value: [] },
  { ...base, id: '6', name: 'colours', label: 'colours', kind: 'choice', combo: false, multiSelect: true, options: [], value: ['Green'] },
  { ...base, id: '7', name: 'reference', label: 'reference', kind: 'text', multiLine: false, password: false, value: 'REF', readOnly: true },
  { ...base, id: '8', name: 'applicant.name', label: 'Name', kind: 'text', multiLine: false, password: false, value: 'Jane' },
];
const IN_FILE: Record<string, FieldValue> = { 'applicant.name': 'Jane', agree: false, size: 'large', plan: [], colours: ['Green'], reference: 'REF' };

describe('fillData', () => {
  it('sends nothing when nothing changed', () => {
    expect(fillData(FIELDS, IN_FILE, IN_FILE)).toEqual({});
    expect(fillDataJson(FIELDS, IN_FILE, IN_FILE)).toBe('{}');
  });

  it('writes each kind as /api/v1/form/fill takes it: text, a boolean, an export value, a choice, a selection array', () => {
    const current = { ...IN_FILE, 'applicant.name': 'Ann Lee', agree: true, size: 'small', plan: ['Gold'], colours: ['Red', 'Blue'] };
    expect(fillData(FIELDS, IN_FILE, current)).toEqual({
      'applicant.name': 'Ann Lee',
      agree: true,
      size: 'small',
      plan: 'Gold',
      colours: ['Red', 'Blue'],
    });
  });

  it('sends a cleared text as empty, an unticked box as false and an emptied list as []', () => {
    const before = { ...IN_FILE, agree: true };
    expect(fillData(FIELDS, before, { ...before, 'applicant.name': '', agree: false, colours: [] })).toEqual({
      'applicant.name': '',
      agree: false,
      colours: [],
    });
  });

  it('sends a single choice emptied as empty text', () => {
    expect(fillData(FIELDS, { ...IN_FILE, plan: ['Basic'] }, { ...IN_FILE, plan: [] })).toEqual({ plan: '' });
  });

  it('never sends a read-only field, and a field shown twice once', () => {
    const data = fillDataJson(FIELDS, IN_FILE, { ...IN_FILE, reference: 'changed', 'applicant.name': 'Ann' });
    expect(data).toBe('{"applicant.name":"Ann"}');
  });
});
