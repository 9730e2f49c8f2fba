import { describe, expect, it } from '@jest/globals';
import { addWatermarkTool, pdfToCsvTool, tools } from '../index';
import { localizeTool, messageTranslator, toolTexts } from './tool-texts';

/** A translation of every text: its key in brackets, so a text that escaped translation shows up as English. */
const bracketed = (tool: (typeof tools)[number]) => Object.fromEntries(Object.keys(toolTexts(tool)).map((key) => [key, `[${key}]`]));

const SHOWN_TEXTS = [
  'title',
  'subtitle',
  'notice',
  'label',
  'busyLabel',
  'success',
  'help',
  'placeholder',
  'listAccepted',
  'keyLabel',
  'valueLabel',
  'addLabel',
];
const MORE_SHOWN_TEXTS = ['buttonLabel', 'message', 'missing', 'wrongType', 'dropWrongType', 'tooFew', 'noContentWhen'];

/** What the server and the API contract read from a declaration: none of it may change with the language. */
function contract(tool: (typeof tools)[number]) {
  return JSON.stringify(tool, (key, value) => {
    // A file field's wrong-type message is the page's alone: set only where a translation gives one.
    if (key === 'wrongType') return undefined;
    return [...SHOWN_TEXTS, ...MORE_SHOWN_TEXTS].includes(key) && typeof value === 'string' ? '*' : value;
  });
}

describe('the texts of a declaration', () => {
  it('are keyed by where they show, with the messages the schemas give', () => {
    const texts = toolTexts(addWatermarkTool);
    expect(texts).toMatchObject({
      title: 'Add Watermark',
      'action.busyLabel': 'Processing...',
      'fields.watermarkType.options.image': 'Image',
      'fields.rotation.messages.invalid': 'Rotation must be between 0 and 360 degrees.',
      'fields.watermarkImage.messages.wrongType': 'Watermark image: please upload a PNG or JPG file.',
    });
    // A single file is never too few, and without maxBytes never too large: no such messages to translate.
    expect(Object.keys(texts)).not.toContain('fields.watermarkImage.messages.tooFew');
    expect(Object.keys(texts)).not.toContain('fields.watermarkImage.messages.tooLarge');
    expect(toolTexts(pdfToCsvTool)['result.noContentWhen']).toBe('no table on the chosen pages');
  });

  it('leave out fields only API clients send', () => {
    for (const tool of tools) {
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.apiOnly) expect([tool.id, Object.keys(toolTexts(tool)).filter((key) => key.startsWith(`fields.${name}.`))]).toEqual([tool.id, []]);
      }
    }
  });
});

describe('a declaration in another language', () => {
  it.each(tools.map((tool) => [tool.id, tool] as const))('%s: every shown text is translated, and nothing the server reads changes', (_id, tool) => {
    const localized = localizeTool(tool, bracketed(tool));
    expect(localized.title).toBe('[title]');
    expect(localized.action.label).toBe('[action.label]');
    expect(contract(localized)).toBe(contract(tool));
    for (const [name, field] of Object.entries(localized.fields)) {
      expect(field.schema).toBe(tool.fields[name]!.schema);
      if (!field.apiOnly) expect(field.label).toBe(`[fields.${name}.label]`);
    }
  });

  it('keeps the English where the catalogue has no translation', () => {
    expect(localizeTool(addWatermarkTool, { title: 'Filigrane' })).toMatchObject({ title: 'Filigrane', subtitle: addWatermarkTool.subtitle });
  });

  it('translates the validation messages the schemas and the server word in English', () => {
    const translate = messageTranslator(addWatermarkTool, { 'fields.watermarkText.messages.required': 'Veuillez saisir le texte.' });
    expect(translate('Please enter watermark text.')).toBe('Veuillez saisir le texte.');
    expect(translate('Something the server said.')).toBe('Something the server said.');
  });
});
