import { describe, expect, it } from '@jest/globals';
import { adjustPageSizeTool, emailToPdfTool, htmlToPdfTool, multiPageLayoutTool, pdfToImageTool, pdfToWordTool, rotateTool, splitTool } from '@folio/registry';
import { hasChoices, numberInputAttributes, selectOptionsOf, textValue } from './field-attributes';

describe('selectOptionsOf', () => {
  it('reads a select’s options', () => {
    expect(selectOptionsOf(pdfToWordTool.fields.outputFormat).map((option) => option.value)).toEqual(['docx', 'doc', 'odt']);
  });

  it('reads a number’s choices (Rotate: 90, 180, 270 as in spec §9)', () => {
    expect(selectOptionsOf(rotateTool.fields.angle).map((option) => option.value)).toEqual([90, 180, 270]);
  });

  it('gives no options for other fields', () => {
    expect(selectOptionsOf(splitTool.fields.pageNumbers)).toEqual([]);
  });
});

describe('hasChoices', () => {
  it('is true only for a number that lists choices', () => {
    expect(hasChoices(rotateTool.fields.angle)).toBe(true);
    expect(hasChoices(pdfToImageTool.fields.dpi)).toBe(false);
    expect(hasChoices(pdfToWordTool.fields.outputFormat)).toBe(false);
  });
});

describe('numberInputAttributes', () => {
  it('follows spec §5’s input hints', () => {
    // Scale: input min 0.01, step 0.01 (the check itself is "greater than 0").
    expect(numberInputAttributes(adjustPageSizeTool.fields.scaleFactor)).toEqual({ min: 0.01, max: undefined, step: 0.01 });
    // PDF to Image: dpi input min 1, max 500.
    expect(numberInputAttributes(pdfToImageTool.fields.dpi)).toEqual({ min: 1, max: 500, step: 1 });
    // Email: maximum attachment size, minimum 1 (spec §9).
    expect(numberInputAttributes(emailToPdfTool.fields.maxAttachmentSize)).toEqual({ min: 1, max: undefined, step: 1 });
  });

  it('uses min and max as declared, step 1 for integers and any otherwise', () => {
    expect(numberInputAttributes(multiPageLayoutTool.fields.pagesPerSheet)).toMatchObject({ min: 1, max: 16 });
    expect(numberInputAttributes(pdfToWordTool.fields.startPage)).toEqual({ min: 1, max: undefined, step: 1 });
    expect(numberInputAttributes(htmlToPdfTool.fields.zoom)).toEqual({ min: undefined, max: undefined, step: 'any' });
  });
});

describe('textValue', () => {
  it('shows a missing value as an empty control and anything else as text', () => {
    expect(textValue(undefined)).toBe('');
    expect(textValue(null)).toBe('');
    expect(textValue(0)).toBe('0');
    expect(textValue(false)).toBe('false');
    expect(textValue('1,3')).toBe('1,3');
  });
});
