import { describe, expect, it } from '@jest/globals';
import { CATEGORIES, tools } from '@folio/registry';
import { toolCatalogue } from './tool-catalogue';

describe('the step picker’s list', () => {
  it('lists every registered tool once, grouped by category in home-page order', () => {
    const groups = toolCatalogue(tools, '');
    expect(groups.map((group) => group.id)).toEqual(CATEGORIES.map((category) => category.id).filter((id) => tools.some((tool) => tool.category === id)));
    const listed = groups.flatMap((group) => group.entries.map((entry) => entry.tool.id));
    expect([...listed].sort()).toEqual(tools.map((tool) => tool.id).sort());
  });

  it('gives the reason a tool cannot be a step (Add Image needs an image of its own; the pipeline itself)', () => {
    const entries = toolCatalogue(tools, '').flatMap((group) => group.entries);
    const byId = (id: string) => entries.find((entry) => entry.tool.id === id)!;
    expect(byId('add-image').blocker).toMatch(/^It needs a file of its own \(.+\), which a pipeline step cannot be given\.$/);
    expect(byId('pipeline').blocker).toBe('A pipeline cannot run another pipeline.');
    expect(byId('rotate').blocker).toBeUndefined();
  });

  it('finds tools by words of their title, subtitle or endpoint, in any case', () => {
    const found = (query: string) => toolCatalogue(tools, query).flatMap((group) => group.entries.map((entry) => entry.tool.id));
    expect(found('ROTATE')).toContain('rotate');
    expect(found('misc/compress-pdf')).toEqual(['compress']);
    expect(found('page numbers')).toContain('add-page-numbers');
    expect(found('zzzz')).toEqual([]);
  });
});
