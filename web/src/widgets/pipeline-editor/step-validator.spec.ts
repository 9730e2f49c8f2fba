import { describe, expect, it } from '@jest/globals';
import { addPageNumbersTool, checkPipeline, compressTool, rotateTool, tools, type PipelineDefinition } from '@folio/registry';
import { createStepValidator, placeIssues, stepFieldIssues, toErrorList, toErrorSchema } from './step-validator';

const step = (tool: { endpoint: string }, parameters: Record<string, unknown>) => ({ operation: tool.endpoint, parameters });

describe('the step validator (rjsf → the tool’s zod schema)', () => {
  it('reports exactly the messages checkPipeline gives for the step’s fields, under those fields', () => {
    const parameters = { zeroPad: 25, fontSize: 0, customText: '{n}' };
    const definition: PipelineDefinition = { name: 'x', pipeline: [step(rotateTool, { angle: 90 }), step(addPageNumbersTool, parameters)] };
    const fromPipeline = checkPipeline(definition, tools).filter((issue) => issue.step === 2);
    expect(fromPipeline.length).toBe(2);

    const { errorSchema, errors } = createStepValidator(addPageNumbersTool).validateFormData(parameters, {});
    for (const issue of fromPipeline) {
      expect((errorSchema as Record<string, { __errors?: string[] }>)[issue.field!]!.__errors).toEqual([issue.message]);
    }
    expect(errors.map((error) => error.message).sort()).toEqual(fromPipeline.map((issue) => issue.message).sort());
    expect(stepFieldIssues(addPageNumbersTool, parameters)).toEqual(fromPipeline.map(({ field, message }) => ({ field, message })));
  });

  it('reads parameters as the server does: JSON numbers and booleans, strings alike', () => {
    expect(stepFieldIssues(compressTool, { optimizeLevel: 2, grayscale: true })).toEqual([]);
    expect(stepFieldIssues(compressTool, { optimizeLevel: '2', grayscale: 'true' })).toEqual([]);
    expect(stepFieldIssues(compressTool, { optimizeLevel: 12 })).toEqual([
      { field: 'optimizeLevel', message: 'Compression level must be a whole number from 1 to 9.' },
    ]);
  });

  it('finds no error in valid options', () => {
    expect(createStepValidator(rotateTool).validateFormData({ angle: 180 }, {})).toEqual({ errors: [], errorSchema: {} });
  });

  it('builds nested error schemas and lists them back', () => {
    const schema = toErrorSchema([{ field: 'a.b', message: 'deep' }, { field: 'c', message: 'flat' }, { message: 'whole' }]);
    expect(schema).toEqual({ a: { b: { __errors: ['deep'] } }, c: { __errors: ['flat'] }, __errors: ['whole'] });
    expect(toErrorList(schema).map((error) => `${error.property} ${error.message}`)).toEqual(['. whole', '.a.b deep', '.c flat']);
  });
});

describe('placing the pipeline’s issues', () => {
  it('puts field issues on shown fields, the rest on the step, and stepless ones on the pipeline', () => {
    const placed = placeIssues(
      [
        { step: 1, field: 'zeroPad', message: 'pad' },
        { step: 1, field: 'normalize', message: 'hidden field' },
        { step: 2, message: 'no such operation' },
        { message: 'whole pipeline' },
      ],
      2,
      () => new Set(['zeroPad']),
    );
    expect(placed).toEqual({
      pipeline: ['whole pipeline'],
      steps: [
        { fields: [{ field: 'zeroPad', message: 'pad' }], step: ['hidden field'] },
        { fields: [], step: ['no such operation'] },
      ],
    });
  });
});
