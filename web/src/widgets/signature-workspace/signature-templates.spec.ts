import { describe, expect, it } from '@jest/globals';
import { dateTemplate, inkTemplate, SIGNATURE_WIDTH, typedTemplate } from './signature-templates';

describe('signature templates', () => {
  it('scales a drawing to a signature’s width, from its own corner', () => {
    const template = inkTemplate(
      [
        [
          [100, 50],
          [580, 130],
        ],
      ],
      { color: '#111111', thickness: 2 },
    );
    expect(template?.kind).toBe('ink');
    expect(template!.width).toBeCloseTo(SIGNATURE_WIDTH + 4);
    expect(template!.kind === 'ink' && template!.strokes[0]![0]).toEqual([2, 2]);
    expect(inkTemplate([], { color: '#111111', thickness: 2 })).toBeUndefined();
  });

  it('boxes a typed name to its measured width', () => {
    expect(typedTemplate('Ann Lee', 'handwriting-flowing', '#1a2a80', 90)).toMatchObject({
      kind: 'text',
      text: 'Ann Lee',
      font: 'handwriting-flowing',
      width: 102,
    });
  });

  it('writes today’s date as the visitor does', () => {
    const template = dateTemplate('de', new Date(2026, 10, 28));
    expect(template.kind === 'text' && template.text).toBe('28. November 2026');
  });
});
