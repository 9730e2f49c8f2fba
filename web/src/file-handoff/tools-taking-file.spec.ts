import { describe, expect, it } from '@jest/globals';
import { CATEGORIES, tools } from '@folio/registry';
import { toolsTakingFile } from './tools-taking-file';

describe('the tools a result can go on to', () => {
  const pdf = { name: 'merged.pdf', type: 'application/pdf' };

  it('lists tools that take a PDF (Rotate, Compress, Merge...), not those that take only other files, nor the tool it comes from', () => {
    const ids = toolsTakingFile(pdf, tools, 'merge').flatMap((group) => group.tools.map((tool) => tool.id));
    expect(ids).toEqual(expect.arrayContaining(['rotate', 'compress', 'split', 'pdf-to-image']));
    expect(ids).not.toContain('merge');
    expect(ids).not.toContain('image-to-pdf');
    expect(ids).not.toContain('html-to-pdf');
    expect(ids).not.toContain('markdown-to-pdf');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('groups them by category in home-page order, leaving out empty categories', () => {
    const groups = toolsTakingFile(pdf, tools);
    const order = CATEGORIES.map((category) => category.id);
    const listed = groups.map((group) => group.category.id);
    expect(listed).toEqual(order.filter((id) => listed.includes(id)));
    for (const group of groups) {
      expect(group.tools.length).toBeGreaterThan(0);
      expect(group.tools.every((tool) => tool.category === group.category.id)).toBe(true);
    }
  });

  it('offers image tools for an image, and nothing that takes PDFs only', () => {
    const ids = toolsTakingFile({ name: 'scan.png', type: 'image/png' }, tools).flatMap((group) => group.tools.map((tool) => tool.id));
    expect(ids).toContain('image-to-pdf');
    expect(ids).not.toContain('rotate');
  });
});
