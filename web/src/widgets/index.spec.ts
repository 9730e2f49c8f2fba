import { describe, expect, it } from '@jest/globals';
import { WIDGET_KEYS } from '@folio/registry';
import { WIDGETS, type WidgetComponent } from '.';

describe('WIDGETS', () => {
  it('has one component per key in registry/kit/widget-keys.ts, and no other', () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_KEYS].sort());
    for (const widget of Object.values(WIDGETS)) expect(typeof widget).toBe('function');
  });

  it('lets only the checkbox and the group of check boxes render their own labels', () => {
    const ownLabel = Object.entries<WidgetComponent>(WIDGETS)
      .filter(([, widget]) => widget.ownsLabel)
      .map(([key]) => key);
    expect(ownLabel).toEqual(['checkbox', 'choices']);
  });
});
