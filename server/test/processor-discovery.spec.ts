import { join } from 'node:path';
import { mergeTool, rotateTool, splitTool, tools } from '@folio/registry';
import { discoverProcessors } from '../src/tool-execution/processor-discovery';

const fixtures = (name: string) => join(__dirname, 'fixtures', name);

describe('discoverProcessors', () => {
  it('binds every registered tool to the processor file of the same id', () => {
    const bindings = discoverProcessors(tools);
    const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, ch: string) => ch.toUpperCase());
    expect(bindings.map((b) => [b.tool.id, b.processor.name])).toEqual(tools.map((t) => [t.id, `${pascal(t.id)}Processor`]));
  });

  it('refuses to start when a tool has no processor, naming both files', () => {
    expect(() => discoverProcessors([mergeTool], fixtures('processors-unknown'))).toThrow(
      /Tool "merge" \(registry\/merge\.tool\.ts\) has no processor: create server\/src\/processors\/merge\/merge\.processor\.ts/,
    );
  });

  it('refuses a processor whose tool is not registered', () => {
    expect(() => discoverProcessors([], fixtures('processors-unknown'))).toThrow(
      /ghost\.processor\.ts implements tool "ghost", which has no registry entry: create registry\/ghost\.tool\.ts/,
    );
  });

  it('refuses a processor file named after another tool', () => {
    expect(() => discoverProcessors([rotateTool], fixtures('processors-misnamed'))).toThrow(
      /turn\.processor\.ts declares tool "rotate"; rename its folder to processors\/rotate\//,
    );
  });

  it('reports every problem at once', () => {
    let message = '';
    try {
      discoverProcessors([mergeTool, splitTool], fixtures('processors-unknown'));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n  - ')).toHaveLength(4);
  });

  it('refuses a loose file in processors/, naming it', () => {
    expect(() => discoverProcessors([], fixtures('processors-loose'))).toThrow(
      /processors-loose\/page-helpers\.ts is a loose file: processors\/ holds only tool folders/,
    );
  });

  it('refuses a folder without its processor file', () => {
    expect(() => discoverProcessors([], fixtures('processors-loose'))).toThrow(/processors-loose\/stray\/ has no stray\.processor\.ts/);
  });

  it('refuses two tools on one endpoint', () => {
    const twin = { ...rotateTool, id: 'rotate-twin' };
    expect(() => discoverProcessors([rotateTool, twin])).toThrow(/both declare endpoint \/api\/v1\/general\/rotate-pdf/);
  });
});
