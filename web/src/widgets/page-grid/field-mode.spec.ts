import { describe, expect, it } from '@jest/globals';
import { organiseTool, pages, removeTool } from '@folio/registry';
import { pageGridModeOf } from './field-mode';

describe('pageGridModeOf', () => {
  it('reads a page field without `order` as a selection', () => {
    expect(pageGridModeOf(removeTool.fields.pageNumbers, {})).toBe('selection');
  });

  it('reads `order: true` as an order', () => {
    expect(pageGridModeOf(pages({ label: 'Pages', order: true }), {})).toBe('order');
  });

  it('reads Organise’s field as an order for a custom order, and as no pages for a copy count', () => {
    const field = organiseTool.fields.pageNumbers;
    expect(pageGridModeOf(field, { customMode: 'CUSTOM' })).toBe('order');
    expect(pageGridModeOf(field, { customMode: 'DUPLICATE' })).toBeUndefined();
  });
});
