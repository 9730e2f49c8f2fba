import { PIPELINE_EXAMPLES, tools } from '../index';
import {
  checkPipeline,
  parsePipelineDefinition,
  pipelineStepBlocker,
  stepBody,
  stepOutputExtension,
  toolForOperation,
  type PipelineDefinition,
} from './pipeline-definition';

const byId = (id: string) => tools.find((tool) => tool.id === id)!;
const definition = (...pipeline: PipelineDefinition['pipeline']): PipelineDefinition => ({ name: 'Test', pipeline });

describe('pipeline definitions', () => {
  it('every ready-made example checks out on a PDF', () => {
    for (const example of PIPELINE_EXAMPLES) expect(checkPipeline(example, tools, ['scan.pdf'])).toEqual([]);
  });

  it('reads a step without parameters as one without options, and refuses a definition without steps', () => {
    expect(parsePipelineDefinition('{"name":"x","pipeline":[{"operation":"/api/v1/misc/repair"}]}')).toEqual({
      definition: { name: 'x', pipeline: [{ operation: '/api/v1/misc/repair', parameters: {} }] },
    });
    expect(parsePipelineDefinition('{"name":"x"}')).toEqual({
      issue: { message: 'The pipeline definition must be an object with a "pipeline" list of steps.' },
    });
    expect(parsePipelineDefinition('[')).toEqual({ issue: { message: 'The pipeline definition is not valid JSON.' } });
  });

  it('sends parameters as a multipart body would carry them', () => {
    expect(stepBody({ angle: 90, flag: true, languages: ['eng', 'deu'], nothing: null })).toEqual({ angle: '90', flag: 'true', languages: ['eng', 'deu'] });
  });

  it('finds the tool sharing an endpoint by its fields, else the owner', () => {
    expect(toolForOperation(tools, '/api/v1/general/rearrange-pages', {})?.id).toBe('organise');
    const sharing = byId('extract-page');
    const [field] = sharing.sharesEndpoint!.whenAnyField;
    expect(toolForOperation(tools, sharing.endpoint, { [field]: 'x' })?.id).toBe('extract-page');
  });

  it('follows file types through the steps from the declared download names', () => {
    expect(stepOutputExtension(byId('pdf-to-word'), { outputFormat: 'docx' })).toBe('.docx');
    expect(stepOutputExtension(byId('split'), {})).toBeUndefined();
    const wordThenPdf = definition(
      { operation: '/api/v1/convert/pdf/word', parameters: { outputFormat: 'docx' } },
      { operation: '/api/v1/convert/file/pdf', parameters: {} },
      { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
    );
    expect(checkPipeline(wordThenPdf, tools, ['a.pdf'])).toEqual([]);
    expect(checkPipeline(definition({ operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } }), tools, ['a.png'])).toEqual([
      { step: 1, operation: '/api/v1/general/rotate-pdf', message: 'Rotate PDF takes PDF files, and none reaches this step (it gets .png).' },
    ]);
  });

  it("names the step, the field and the tool's own message", () => {
    expect(
      checkPipeline(
        definition({ operation: '/api/v1/misc/repair', parameters: {} }, { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 45 } }),
        tools,
      ),
    ).toEqual([{ step: 2, operation: '/api/v1/general/rotate-pdf', field: 'angle', message: expect.stringMatching(/angle/i) }]);
  });

  it('only tools needing a file of their own whatever is chosen, and the pipeline itself, cannot be steps', () => {
    expect(
      tools
        .filter((tool) => pipelineStepBlocker(tool))
        .map((tool) => tool.id)
        .sort(),
    ).toEqual(['add-image', 'pipeline', 'sign-certificate']);
    expect(pipelineStepBlocker(byId('sign-certificate'))).toBe(
      'Whatever certificate type is chosen, it needs a file of its own, which a pipeline step cannot be given.',
    );
  });
});
