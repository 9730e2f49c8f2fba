import { describe, expect, it } from '@jest/globals';
import { mergeTool, pdfToWordTool, rotateTool, singleLargePageTool, splitTool, tools, type AnyTool, type Field, type WidgetKey } from '@folio/registry';
import { WIDGETS } from '../../widgets';
import { PageGridField } from '../../widgets/page-grid/PageGridField';
import { assertWidgetsResolve, resolveBelowField, resolveWidget } from './resolve-widget';

/** A key no widget is registered under; the type system forbids it, a cast stands in for registry drift. */
const UNREGISTERED = 'not-a-widget' as WidgetKey;

function withField(tool: AnyTool, name: string, field: Field): AnyTool {
  return { ...tool, fields: { ...tool.fields, [name]: field } };
}

describe('resolveWidget', () => {
  it('gives each field kind its default widget', () => {
    expect(resolveWidget(pdfToWordTool, 'outputFormat', pdfToWordTool.fields.outputFormat)).toBe(WIDGETS.select);
    expect(resolveWidget(pdfToWordTool, 'preserveLayout', pdfToWordTool.fields.preserveLayout)).toBe(WIDGETS.checkbox);
    expect(resolveWidget(pdfToWordTool, 'startPage', pdfToWordTool.fields.startPage)).toBe(WIDGETS.number);
    expect(resolveWidget(splitTool, 'pageNumbers', splitTool.fields.pageNumbers)).toBe(WIDGETS.pages);
    expect(resolveWidget(mergeTool, 'fileOrder', mergeTool.fields.fileOrder)).toBe(WIDGETS.textarea);
    expect(resolveWidget(singleLargePageTool, 'fileName', singleLargePageTool.fields.fileName)).toBe(WIDGETS.text);
  });

  it('offers a number with choices as a select (Rotate’s angle)', () => {
    expect(rotateTool.fields.angle.kind).toBe('number');
    expect(resolveWidget(rotateTool, 'angle', rotateTool.fields.angle)).toBe(WIDGETS.select);
  });

  it('takes the field’s own widget key before the default for its kind', () => {
    const angle: Field = { ...rotateTool.fields.angle, widget: 'text' };
    expect(resolveWidget(rotateTool, 'angle', angle)).toBe(WIDGETS.text);
  });

  it('throws naming the tool, key, field, kind and where to register it', () => {
    const angle: Field = { ...rotateTool.fields.angle, widget: UNREGISTERED };
    expect(() => resolveWidget(rotateTool, 'angle', angle)).toThrow(
      new Error('Tool "rotate": no widget "not-a-widget" for field "angle" (number). Register it in web/src/widgets/index.ts.'),
    );
  });
});

describe('resolveBelowField', () => {
  it('puts the page grid under every page field, whatever its widget, and nothing under other kinds', () => {
    expect(resolveBelowField(splitTool.fields.pageNumbers)).toBe(PageGridField);
    expect(resolveBelowField({ ...splitTool.fields.pageNumbers, widget: 'text' })).toBe(PageGridField);
    expect(resolveBelowField(rotateTool.fields.angle)).toBeUndefined();
    expect(resolveBelowField(mergeTool.fields.fileOrder)).toBeUndefined();
  });
});

describe('assertWidgetsResolve', () => {
  it('passes for every registered tool', () => {
    expect(() => assertWidgetsResolve(tools)).not.toThrow();
  });

  it('reports every unresolved field at once', () => {
    const rotate = withField(rotateTool, 'angle', { ...rotateTool.fields.angle, widget: UNREGISTERED });
    const split = withField(splitTool, 'pageNumbers', { ...splitTool.fields.pageNumbers, widget: 'page-grid' as WidgetKey });
    expect(() => assertWidgetsResolve([rotate, mergeTool, split])).toThrow(
      new Error(
        'Some fields have no widget:\n' +
          'Tool "rotate": no widget "not-a-widget" for field "angle" (number). Register it in web/src/widgets/index.ts.\n' +
          'Tool "split": no widget "page-grid" for field "pageNumbers" (pages). Register it in web/src/widgets/index.ts.',
      ),
    );
  });

  it('skips apiOnly fields, which the page never renders', () => {
    const merge = withField(mergeTool, 'sortType', { ...mergeTool.fields.sortType, widget: UNREGISTERED });
    expect(merge.fields.sortType!.apiOnly).toBe(true);
    expect(() => assertWidgetsResolve([merge])).not.toThrow();
  });
});
