import { asArray, asDict, isReference, textOf, type PdfObjects } from '../pdf-objects/pdf-objects';

/**
 * Finds every JavaScript a PDF holds and says where each lives: the
 * document's JavaScript name tree, its open action and triggers, each page's
 * triggers, each annotation's action and triggers (links, widgets, others),
 * each form field's keystroke, format, validate and calculate scripts, each
 * bookmark's action, scripts chained after other actions (/Next), a rendition
 * action's script, and scripts in objects none of those lead to (an earlier
 * revision's, a detached action).
 * Nothing is trusted: every walk keeps what it has seen and stops there.
 */

/** One script: where it lives, and its /JS as the file holds it. */
export interface FoundScript {
  /** Where it lives, for the header line. e.g. 'init', 'Page 1, link annotation 2, on activation (/A)' */
  name: string;
  /** The /JS value: a string as qpdf lists it ('u:…' or 'b:…'), or a stream's reference ('12 0 R'). */
  js: string;
}

/** The triggers of an additional-actions dictionary (/AA), in the order PDF 32000 §12.6.3 lists them. */
const TRIGGERS: readonly (readonly [string, string])[] = [
  ['/E', 'on mouse enter'],
  ['/X', 'on mouse exit'],
  ['/D', 'on mouse down'],
  ['/U', 'on mouse up'],
  ['/Fo', 'on focus'],
  ['/Bl', 'on blur'],
  ['/PO', 'when its page opens'],
  ['/PC', 'when its page closes'],
  ['/PV', 'when its page becomes visible'],
  ['/PI', 'when its page is no longer visible'],
  ['/O', 'on open'],
  ['/C', 'on close'],
  ['/WC', 'before closing'],
  ['/WS', 'before saving'],
  ['/DS', 'after saving'],
  ['/WP', 'before printing'],
  ['/DP', 'after printing'],
];
/** A form field's: keystroke, format, validate, calculate (its /C is no close trigger), then its widget's. */
const FIELD_TRIGGERS: readonly (readonly [string, string])[] = [
  ['/K', 'keystroke'],
  ['/F', 'format'],
  ['/V', 'validate'],
  ['/C', 'calculate'],
  ...TRIGGERS.filter(([key]) => key !== '/C'),
];

/** Most entries walked in one name tree, bookmark list or field tree: a hostile file cannot make a walk endless. */
const MAX_NODES = 200_000;

export function findScripts(pdf: PdfObjects): FoundScript[] {
  return new ScriptFinder(pdf).find();
}

class ScriptFinder {
  private readonly found: FoundScript[] = [];
  /** Action dictionaries already read (the same parsed object for the same reference), so a shared action is listed once. */
  private readonly seenActions = new Set<object>();
  /** Field and annotation dictionaries whose triggers were read. */
  private readonly seenHolders = new Set<object>();

  constructor(private readonly pdf: PdfObjects) {}

  find(): FoundScript[] {
    const catalog = this.pdf.catalog;
    if (catalog) {
      this.nameTree(this.pdf.dict(catalog['/Names'])?.['/JavaScript']);
      this.action(catalog['/OpenAction'], 'Document, on open (/OpenAction)');
      this.triggers(catalog['/AA'], 'Document', TRIGGERS);
      this.pages();
      this.fields(this.pdf.dict(catalog['/AcroForm'])?.['/Fields']);
      this.bookmarks(this.pdf.dict(catalog['/Outlines'])?.['/First']);
    }
    this.leftovers();
    return this.found;
  }

  /** The document-level scripts, named as the tree names them (the reference's only source). */
  private nameTree(root: unknown): void {
    const seen = new Set<unknown>();
    const stack = [root];
    while (stack.length > 0 && seen.size < MAX_NODES) {
      const node = stack.pop();
      const dict = this.pdf.dict(node);
      if (!dict || seen.has(dict)) continue;
      seen.add(dict);
      const pairs = this.pdf.array(dict['/Names']) ?? [];
      for (let i = 0; i + 1 < pairs.length; i += 2) this.action(pairs[i + 1], textOf(this.pdf.resolve(pairs[i])) ?? `script ${i / 2 + 1}`);
      stack.push(...[...(this.pdf.array(dict['/Kids']) ?? [])].reverse());
    }
  }

  private pages(): void {
    this.pdf.pageRefs().forEach((ref, index) => {
      const page = this.pdf.dict(ref);
      if (!page) return;
      const where = `Page ${index + 1}`;
      this.triggers(page['/AA'], where, TRIGGERS);
      (this.pdf.array(page['/Annots']) ?? []).forEach((annotation, n) =>
        this.annotation(annotation, `${where}, ${this.describeAnnotation(annotation, n + 1)}`),
      );
    });
  }

  /** e.g. 'link annotation 2', 'form field "email"' */
  private describeAnnotation(annotation: unknown, number: number): string {
    const dict = this.pdf.dict(annotation);
    const subtype = typeof dict?.['/Subtype'] === 'string' ? (dict['/Subtype'] as string).slice(1) : 'unknown';
    if (subtype === 'Widget' && dict) {
      const name = this.fieldName(dict);
      if (name) return `form field "${name}"`;
    }
    return `${subtype.toLowerCase()} annotation ${number}`;
  }

  private annotation(annotation: unknown, where: string): void {
    const dict = this.pdf.dict(annotation);
    if (!dict || this.seenHolders.has(dict)) return;
    this.seenHolders.add(dict);
    this.action(dict['/A'], `${where}, on activation (/A)`);
    const isField = dict['/Subtype'] === '/Widget' && (dict['/FT'] !== undefined || dict['/T'] !== undefined);
    this.triggers(dict['/AA'], where, isField ? FIELD_TRIGGERS : TRIGGERS);
    // A widget that is one of several of a field: the field's own scripts live on its parent.
    const parent = this.pdf.dict(dict['/Parent']);
    if (parent && dict['/Subtype'] === '/Widget') this.field(parent, `Form field "${this.fieldName(parent) ?? 'unnamed'}"`);
  }

  /** The form's fields, depth first: scripts of fields no page shows a widget of. */
  private fields(root: unknown): void {
    const seen = new Set<unknown>();
    const stack = [...(this.pdf.array(root) ?? [])].reverse();
    while (stack.length > 0 && seen.size < MAX_NODES) {
      const dict = this.pdf.dict(stack.pop());
      if (!dict || seen.has(dict)) continue;
      seen.add(dict);
      this.field(dict, `Form field "${this.fieldName(dict) ?? 'unnamed'}"`);
      stack.push(...[...(this.pdf.array(dict['/Kids']) ?? [])].reverse());
    }
  }

  private field(dict: Record<string, unknown>, where: string): void {
    if (this.seenHolders.has(dict)) return;
    this.seenHolders.add(dict);
    this.action(dict['/A'], `${where}, on activation (/A)`);
    this.triggers(dict['/AA'], where, FIELD_TRIGGERS);
  }

  /** A field's full name: its /T and its ancestors', joined by dots. */
  private fieldName(dict: Record<string, unknown>): string | undefined {
    const parts: string[] = [];
    const seen = new Set<unknown>();
    for (let node: Record<string, unknown> | undefined = dict; node && !seen.has(node) && parts.length < 100; node = this.pdf.dict(node['/Parent'])) {
      seen.add(node);
      const name = textOf(this.pdf.resolve(node['/T']));
      if (name !== undefined) parts.unshift(name);
    }
    return parts.length > 0 ? parts.join('.') : undefined;
  }

  private bookmarks(first: unknown): void {
    const seen = new Set<unknown>();
    const stack = [first];
    while (stack.length > 0 && seen.size < MAX_NODES) {
      const item = this.pdf.dict(stack.pop());
      if (!item || seen.has(item)) continue;
      seen.add(item);
      this.action(item['/A'], `Bookmark "${textOf(this.pdf.resolve(item['/Title'])) ?? ''}", on click (/A)`);
      stack.push(item['/Next'], item['/First']);
    }
  }

  /** The scripts of an /AA dictionary, in the order of `names`, then any trigger it does not know. */
  private triggers(value: unknown, where: string, names: readonly (readonly [string, string])[]): void {
    const triggers = this.pdf.dict(value);
    if (!triggers) return;
    const known = new Map(names);
    const keys = [...names.map(([key]) => key).filter((key) => key in triggers), ...Object.keys(triggers).filter((key) => !known.has(key))];
    for (const key of keys) this.action(triggers[key], `${where}, ${known.get(key) ?? 'on an unknown trigger'} (/AA ${key})`);
  }

  /** One action and those chained after it (/Next: one action or an array of them, depth first). */
  private action(value: unknown, where: string): void {
    const stack: [unknown, string][] = [[value, where]];
    while (stack.length > 0) {
      const [current, label] = stack.pop()!;
      const action = this.pdf.dict(current);
      if (!action || this.seenActions.has(action) || this.seenActions.size >= MAX_NODES) continue;
      this.seenActions.add(action);
      this.script(action, label);
      const next = this.pdf.resolve(action['/Next']);
      const chained = Array.isArray(next) ? next : next === undefined ? [] : [next];
      chained
        .map((item, i): [unknown, string] => [item, `${label}, chained action ${chained.length > 1 ? `${i + 1} ` : ''}(/Next)`])
        .reverse()
        .forEach((entry) => stack.push(entry));
    }
  }

  /** The action's script, when it is a JavaScript action or a rendition that carries one. */
  private script(action: Record<string, unknown>, name: string): void {
    const type = this.pdf.resolve(action['/S']);
    if (type !== '/JavaScript' && type !== '/Rendition') return;
    const js = action['/JS'];
    if (isReference(js) && this.pdf.objects[`obj:${js}`]?.stream) this.found.push({ name, js });
    else if (typeof this.pdf.resolve(js) === 'string' && textOf(this.pdf.resolve(js)) !== undefined)
      this.found.push({ name, js: this.pdf.resolve(js) as string });
  }

  /** Scripts in objects the walks above never reached (an earlier revision's, a detached action). */
  private leftovers(): void {
    for (const [key, entry] of Object.entries(this.pdf.objects)) {
      if (!key.startsWith('obj:')) continue;
      const where = `Object ${key.slice('obj:'.length, -' R'.length)}, outside the document's pages, form, bookmarks and actions`;
      const stack: unknown[] = [entry.value];
      let visited = 0;
      while (stack.length > 0 && visited++ < MAX_NODES) {
        const value = stack.pop();
        const array = asArray(value);
        if (array) {
          stack.push(...array);
          continue;
        }
        const dict = asDict(value);
        if (!dict) continue;
        if ('/JS' in dict && !this.seenActions.has(dict)) {
          this.seenActions.add(dict);
          this.script(dict, where);
        }
        // References are not followed: the object they name is visited on its own.
        stack.push(...Object.values(dict));
      }
    }
  }
}
