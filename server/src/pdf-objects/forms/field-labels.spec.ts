import { fieldLabel, humanise, looksGeneric } from './field-labels';

describe('form field labels (reference-beyond §3.1)', () => {
  it('humanises names: brackets, dots, underscores and hyphens become spaces; camelCase and letter/digit boundaries split', () => {
    expect(humanise('person.firstName')).toBe('person first Name');
    expect(humanise('addr[0]_line2')).toBe('addr line 2');
    expect(humanise('date-of-birth')).toBe('date of birth');
    expect(humanise('[0]')).toBeUndefined();
  });

  it('calls generic what says nothing a person would read', () => {
    for (const generic of ['', '  ', 'Text1', 'field_3', 'Check Box', 'CHOICE 12', 't12', 'T 3', 'AB123', '42', 'cdc47b7041524571 7b2d93017fe77bf7'])
      expect([generic, looksGeneric(generic)]).toEqual([generic, generic !== 'Check Box']);
    for (const meaningful of ['First name', 'Check Box', 'ABC1234', 'Size']) expect([meaningful, looksGeneric(meaningful)]).toEqual([meaningful, false]);
  });

  it('takes the first candidate that is not generic, trailing dots and colons trimmed, else a numbered name by type', () => {
    const base = { type: 'text' as const, options: [], typeIndex: 3 };
    expect(fieldLabel({ ...base, alternateName: 'Family name:', tooltip: 'x', name: 'Text1' })).toBe('Family name');
    expect(fieldLabel({ ...base, alternateName: 'Text1', tooltip: 'Your city.', name: 'Text1' })).toBe('Your city');
    expect(fieldLabel({ ...base, name: 'homeAddress' })).toBe('home Address');
    expect(fieldLabel({ ...base, name: 'Text7' })).toBe('Text field 3');
    expect(fieldLabel({ type: 'radio', options: ['Yes'], typeIndex: 1, name: 'Group1' })).toBe('Yes');
    expect(fieldLabel({ type: 'checkbox', options: ['Yes'], typeIndex: 2, name: 'checkbox_2' })).toBe('Checkbox 2');
    expect(fieldLabel({ type: 'checkbox', options: ['Yes'], typeIndex: 2, name: 'Check Box2' })).toBe('Check Box 2');
    expect(fieldLabel({ type: 'combobox', options: [], typeIndex: 1, name: 'Field12' })).toBe('Dropdown 1');
    expect(fieldLabel({ type: 'signature', options: [], typeIndex: 4, name: 'Signature4' })).toBe('Field 4');
  });
});
