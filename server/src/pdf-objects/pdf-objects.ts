import type { QpdfObjects } from '../engines/qpdf/qpdf-objects';

/**
 * A PDF's objects as qpdf's JSON v2 lists them (engines/qpdf.ts `readObjects`),
 * with the lookups every reader of them needs. Nothing here trusts the file:
 * references may dangle, dictionaries may be arrays, trees may loop; each walk
 * keeps a set of what it has seen and stops there.
 *
 * Values as qpdf writes them: a reference is "12 0 R", a name "/Type", a text
 * string "u:Title", a binary string "b:48656c6c6f", dictionaries are objects
 * with "/Key" keys, numbers, booleans and null are themselves.
 */
export class PdfObjects {
  constructor(readonly objects: QpdfObjects) {}

  /** The object a reference points at (a stream's dictionary for a stream); other values as they are. */
  resolve(value: unknown): unknown {
    if (!isReference(value)) return value;
    const target = this.objects[`obj:${value}`];
    return target?.value ?? target?.stream?.dict;
  }

  /** `value`, resolved, when it is a dictionary. */
  dict(value: unknown): Record<string, unknown> | undefined {
    return asDict(this.resolve(value));
  }

  /** `value`, resolved, when it is an array. */
  array(value: unknown): unknown[] | undefined {
    const resolved = this.resolve(value);
    return Array.isArray(resolved) ? resolved : undefined;
  }

  /** The document catalog (/Root of the trailer). */
  get catalog(): Record<string, unknown> | undefined {
    return this.dict(asDict(this.objects.trailer?.value)?.['/Root']);
  }

  /**
   * The page objects' references in page order, walking /Pages → /Kids depth
   * first. A node met twice (a loop, a page listed twice) counts once; pages
   * given as direct dictionaries (not allowed, never seen) are skipped.
   */
  pageRefs(): string[] {
    const pages: string[] = [];
    const seen = new Set<string>();
    const stack: unknown[] = [this.catalog?.['/Pages']];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!isReference(node) || seen.has(node)) continue;
      seen.add(node);
      const dict = this.dict(node);
      if (!dict) continue;
      const kids = this.array(dict['/Kids']);
      if (kids && dict['/Type'] !== '/Page') stack.push(...[...kids].reverse());
      else pages.push(node);
    }
    return pages;
  }
}

export function isReference(value: unknown): value is string {
  return typeof value === 'string' && /^\d+ \d+ R$/.test(value);
}

export function asDict(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** A name without its slash, as PDFBox gives it. e.g. '/DeviceRGB' → 'DeviceRGB' */
export function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') ? value.slice(1) : undefined;
}

/** A finite number, or undefined. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A PDF string as text: qpdf gives text strings (PDFDocEncoding or UTF-16)
 * decoded after "u:", and other strings as hex after "b:", read here as Latin-1.
 */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return undefined;
}
