import { describe, expect, it } from '@jest/globals';
import { advancedColourTool, compressTool, extractPageTool, ocrCleanupTool, rotateTool, toolForOperation, tools } from '@folio/registry';
import { initialParameters, keepShown, shownFields, stepFormSchema, stepUiSchema } from './step-form';

type Props = Record<string, Record<string, unknown>>;
const properties = (schema: { properties?: unknown }) => schema.properties as Props;

describe('a step’s options form', () => {
  it('titles each field with its label, describes it with its short help, and keeps default and bounds', () => {
    const schema = stepFormSchema(compressTool, initialParameters(compressTool));
    expect(properties(schema).optimizeLevel).toMatchObject({
      title: 'Compression level',
      description: compressTool.fields.optimizeLevel.help,
      default: 5,
      enum: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
  });

  it('leaves out apiOnly fields (Compress’s line art options)', () => {
    const shown = Object.keys(properties(stepFormSchema(compressTool, {})));
    expect(shown).toEqual(['optimizeLevel', 'expectedOutputSize', 'grayscale', 'linearize']);
  });

  it('lists a select’s declared options (and a number’s few choices) under their labels', () => {
    const ui = stepUiSchema(rotateTool, { angle: 90 }) as Props;
    expect(properties(stepFormSchema(rotateTool, {})).angle!.enum).toEqual([90, 180, 270]);
    expect(ui.angle!['ui:enumNames']).toEqual(['90° clockwise', '180°', '270° (90° anticlockwise)']);
    const level = (stepUiSchema(compressTool, {}) as Props).optimizeLevel!['ui:enumNames'] as string[];
    expect(level).toHaveLength(9);
  });

  it('offers a multiple choice as checkboxes of unique values under their labels (OCR languages)', () => {
    const schema = properties(stepFormSchema(ocrCleanupTool, {})).languages!;
    expect(schema).toMatchObject({ type: 'array', uniqueItems: true, items: { type: 'string' } });
    const ui = (stepUiSchema(ocrCleanupTool, {}) as Props).languages!;
    expect(ui['ui:widget']).toBe('checkboxes');
    expect((ui.items as Record<string, unknown>)['ui:enumNames']).toContain('English');
  });

  it('shows a conditional field only while the tool’s page would (Adjust Colours: custom colours)', () => {
    const names = (parameters: Record<string, unknown>) => shownFields(advancedColourTool, parameters).map(([name]) => name);
    expect(names({})).not.toContain('textColor');
    expect(names({ replaceAndInvertOption: 'CUSTOM_COLOR' })).toContain('textColor');
    expect(Object.keys(properties(stepFormSchema(advancedColourTool, { replaceAndInvertOption: 'CUSTOM_COLOR' })))).toContain('textColor');
  });

  it('drops a hidden field’s value, blanks, and keeps what the form never shows', () => {
    expect(keepShown(advancedColourTool, { replaceAndInvertOption: 'FULL_INVERSION', textColor: '#ff0000' })).toEqual({
      replaceAndInvertOption: 'FULL_INVERSION',
    });
    expect(keepShown(compressTool, { optimizeLevel: 3, expectedOutputSize: '', lineArt: true })).toEqual({ optimizeLevel: 3, lineArt: true });
  });

  it('starts a new step with the defaults its page shows', () => {
    expect(initialParameters(rotateTool)).toEqual({ angle: 90 });
    expect(initialParameters(compressTool)).toEqual({ optimizeLevel: 5, grayscale: false, linearize: false });
  });

  it('starts a tool sharing its endpoint with the field that tells it apart, so the step stays that tool (Extract Pages)', () => {
    const parameters = initialParameters(extractPageTool);
    expect(toolForOperation(tools, extractPageTool.endpoint, parameters)).toBe(extractPageTool);
  });
});
