import type { Entry } from '@folio/registry';
import type { InfoRequest, MirroredValues } from './document-info';

/**
 * The document's XMP packet brought in line with its information dictionary:
 * the properties that mirror the dictionary (dc:title, dc:creator,
 * dc:description, dc:subject, pdf:Keywords, pdf:Producer, pdf:Trapped,
 * xmp:CreatorTool, xmp:CreateDate, xmp:ModifyDate, xmp:MetadataDate and the
 * pdfx: custom entries) that the request changes are taken out wherever the
 * old packet had them and written once, in a description of their own; those
 * of fields the request leaves alone stay as they were. A PDF/A document's packet gets
 * no pdfx: entries: PDF/A takes only the schemas it predefines unless the
 * packet describes others. Everything else in the old
 * packet (PDF/A identification, rights, history, other schemas) is kept byte
 * for byte. A packet that does not parse as plain XML is replaced by a new one.
 */

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const NS = {
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  /** Acrobat's schema for the information dictionary's custom entries. */
  pdfx: 'http://ns.adobe.com/pdfx/1.3/',
} as const;

/** The PDF/A identification schema (pdfaid:part, pdfaid:conformance). */
const PDFA_ID = 'http://www.aiim.org/pdfa/ns/id/';

type StandardValues = Omit<InfoRequest, 'custom'>;

/** The properties that mirror each standard field, as [namespace, local name]. */
const PROPERTIES_OF: Readonly<Record<keyof StandardValues, readonly (readonly [string, string])[]>> = {
  title: [[NS.dc, 'title']],
  author: [[NS.dc, 'creator']],
  subject: [[NS.dc, 'description']],
  keywords: [
    [NS.dc, 'subject'],
    [NS.pdf, 'Keywords'],
  ],
  creator: [[NS.xmp, 'CreatorTool']],
  producer: [[NS.pdf, 'Producer']],
  creationDate: [[NS.xmp, 'CreateDate']],
  modificationDate: [[NS.xmp, 'ModifyDate']],
  trapped: [[NS.pdf, 'Trapped']],
};

/** Properties a rewrite owns, by namespace (`'*'`: the whole namespace): the changed fields', the metadata date and the custom entries. */
function managedBy(values: XmpValues): Readonly<Record<string, readonly string[] | '*'>> {
  const managed: Record<string, string[] | '*'> = { [NS.xmp]: ['MetadataDate'], [NS.pdfx]: '*' };
  for (const [field, properties] of Object.entries(PROPERTIES_OF)) {
    if (values[field as keyof StandardValues] === undefined) continue;
    for (const [ns, local] of properties) {
      const owned = (managed[ns] ??= []);
      if (owned !== '*') owned.push(local);
    }
  }
  return managed;
}

/**
 * What the packet says, as the information dictionary says it: a value is
 * written, `null` removed, `undefined` left as the packet has it. Dates in XMP
 * form (ISO 8601 with offset).
 */
export type XmpValues = StandardValues & {
  /** Custom entries; those whose names are not XML names are left out of the packet. */
  custom: readonly Entry[];
  /** When the metadata was written. */
  metadataDate: string;
};

/**
 * The new packet: `old` (the document's current packet, if any) with the
 * changed properties replaced; without one that parses, a new packet saying
 * what the whole dictionary says.
 */
export function updateXmpPacket(old: string | undefined, values: MirroredValues, metadataDate: string): string {
  if (old !== undefined) {
    try {
      return rewrite(old, { ...values.changed, metadataDate });
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
    }
  }
  return freshPacket({ ...values.whole, metadataDate });
}

function freshPacket(values: XmpValues): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ` <rdf:RDF xmlns:rdf="${RDF}">`,
    description(values, '', '  '),
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

function rewrite(xml: string, values: XmpValues): string {
  const root = parseXml(xml);
  const rdf = findElement(root, RDF, 'RDF');
  if (!rdf || rdf.selfClosing) throw new XmlSyntaxError('no rdf:RDF element');

  const managed = managedBy(values);
  const isManaged = (ns: string | undefined, local: string) => {
    const owned = ns === undefined ? undefined : managed[ns];
    return owned === '*' || (owned !== undefined && owned.includes(local));
  };
  const cuts: [number, number][] = [];
  let about: string | undefined;
  for (const node of rdf.children) {
    const [ns, local] = resolve(node, node.name, true);
    if (ns !== RDF || local !== 'Description') continue;
    for (const attr of node.attributes) {
      const [attrNs, attrLocal] = resolve(node, attr.name, false);
      // Every top-level description must be about the same resource; a single-quoted value may hold '"'.
      if (attrNs === RDF && attrLocal === 'about') about ??= attr.raw.replace(/"/g, '&quot;');
      if (isManaged(attrNs, attrLocal)) cuts.push([attr.start, attr.end]);
    }
    for (const child of node.children) {
      const [childNs, childLocal] = resolve(child, child.name, true);
      if (isManaged(childNs, childLocal)) cuts.push([withLeadingSpace(xml, child.start, node.openEnd), child.end]);
    }
  }

  let out = '';
  let at = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    out += xml.slice(at, start);
    at = end;
  }
  const insertAt = withLeadingSpace(xml, rdf.closeStart, rdf.openEnd);
  // PDF/A allows only schemas it predefines or the packet describes: custom entries stay in the dictionary alone.
  const mirrored = xml.includes(PDFA_ID) ? { ...values, custom: [] } : values;
  out += xml.slice(at, insertAt) + '\n' + description(mirrored, about ?? '', '  ') + xml.slice(insertAt);
  return out;
}

/** `index` moved back over the whitespace before it, not past `floor`. */
function withLeadingSpace(xml: string, index: number, floor: number): number {
  let start = index;
  while (start > floor && /\s/.test(xml[start - 1])) start--;
  return start;
}

/** The description holding the mirrored properties, declaring every prefix it uses itself. */
function description(values: XmpValues, about: string, indent: string): string {
  const inner = `${indent} `;
  const lines: string[] = [];
  const simple = (name: string, value: string | null | undefined) => {
    if (typeof value === 'string') lines.push(`${inner}<${name}>${escapeText(value)}</${name}>`);
  };
  const alt = (name: string, value: string | null | undefined) => {
    if (typeof value === 'string') lines.push(`${inner}<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeText(value)}</rdf:li></rdf:Alt></${name}>`);
  };
  const list = (name: string, kind: 'Seq' | 'Bag', items: readonly string[]) => {
    if (items.length > 0)
      lines.push(`${inner}<${name}><rdf:${kind}>${items.map((item) => `<rdf:li>${escapeText(item)}</rdf:li>`).join('')}</rdf:${kind}></${name}>`);
  };

  alt('dc:title', values.title);
  list('dc:creator', 'Seq', typeof values.author === 'string' ? [values.author] : []);
  alt('dc:description', values.subject);
  list('dc:subject', 'Bag', keywordList(values.keywords));
  simple('pdf:Keywords', values.keywords);
  simple('pdf:Producer', values.producer);
  simple('pdf:Trapped', values.trapped);
  simple('xmp:CreatorTool', values.creator);
  simple('xmp:CreateDate', values.creationDate);
  simple('xmp:ModifyDate', values.modificationDate);
  simple('xmp:MetadataDate', values.metadataDate);
  for (const { key, value } of values.custom) if (isXmlName(key)) simple(`pdfx:${key}`, value);

  const namespaces = Object.entries(NS)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return [`${indent}<rdf:Description xmlns:rdf="${RDF}" rdf:about="${about}"${namespaces}>`, ...lines, `${indent}</rdf:Description>`].join('\n');
}

/** Keywords as a list, split where people separate them. e.g. 'a, b; c' → ['a', 'b', 'c'] */
function keywordList(keywords: string | null | undefined): string[] {
  return (keywords ?? '')
    .split(/[,;]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** A name XML allows as an element's local name (no colon). */
export function isXmlName(name: string): boolean {
  return /^[\p{L}_][\p{L}\p{N}._\-\u00B7]*$/u.test(name) && !/^xml/i.test(name);
}

/** Text as XML character data: markup escaped, characters XML 1.0 cannot carry dropped. */
function escapeText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

// ---------------------------------------------------------------- a small XML reader

/** The packet is not XML this reader takes (malformed, a DTD, nested too deep). */
class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

interface XmlAttribute {
  name: string;
  /** The value as written, entities not decoded. */
  raw: string;
  /** From the whitespace before the name to after the closing quote. */
  start: number;
  end: number;
}

interface XmlElement {
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
  parent?: XmlElement;
  selfClosing: boolean;
  /** Where its start tag begins, where its start tag ends (after '>'), where its end tag begins and where it ends. */
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
}

/** XMP packets are flat; anything deeper than this is not one. */
const MAX_DEPTH = 200;
const NAME = /[^\s/>=<"'!?]+/y;

/** The root element, with source positions; throws XmlSyntaxError for anything but well-formed XML without a DTD. */
function parseXml(xml: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const expect = (text: string, from: number) => {
    const at = xml.indexOf(text, from);
    if (at < 0) throw new XmlSyntaxError(`unterminated markup at ${from}`);
    return at + text.length;
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (stack.length === 0 && text.trim() !== '' && text.trim() !== '\uFEFF') throw new XmlSyntaxError('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<?', i)) i = expect('?>', i + 2);
    else if (xml.startsWith('<!--', i)) i = expect('-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) throw new XmlSyntaxError('character data outside the root element');
      i = expect(']]>', i + 9);
    } else if (xml.startsWith('<!', i)) throw new XmlSyntaxError('declarations (DTDs) are not taken');
    else if (xml.startsWith('</', i)) {
      const open = stack.pop();
      NAME.lastIndex = i + 2;
      const name = NAME.exec(xml)?.[0];
      if (!open || name !== open.name) throw new XmlSyntaxError(`mismatched end tag at ${i}`);
      open.closeStart = i;
      const close = /\s*>/y;
      close.lastIndex = i + 2 + name.length;
      if (!close.exec(xml)) throw new XmlSyntaxError(`malformed end tag at ${i}`);
      open.end = close.lastIndex;
      i = open.end;
    } else {
      const element = readStartTag(xml, i);
      const parent = stack[stack.length - 1];
      if (parent) {
        element.parent = parent;
        parent.children.push(element);
      } else if (root) throw new XmlSyntaxError('a second root element');
      else root = element;
      if (!element.selfClosing) {
        if (stack.length >= MAX_DEPTH) throw new XmlSyntaxError('nested too deep');
        stack.push(element);
      }
      i = element.openEnd;
    }
  }
  if (!root || stack.length > 0) throw new XmlSyntaxError('no complete root element');
  return root;
}

function readStartTag(xml: string, start: number): XmlElement {
  NAME.lastIndex = start + 1;
  const name = NAME.exec(xml)?.[0];
  if (!name) throw new XmlSyntaxError(`malformed start tag at ${start}`);
  const attributes: XmlAttribute[] = [];
  let i = start + 1 + name.length;
  const attribute = /(\s+)([^\s/>=<"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
  const seen = new Set<string>();
  for (;;) {
    attribute.lastIndex = i;
    const match = attribute.exec(xml);
    if (!match) break;
    if (seen.has(match[2])) throw new XmlSyntaxError(`attribute ${match[2]} given twice`);
    seen.add(match[2]);
    attributes.push({ name: match[2], raw: match[3] ?? match[4], start: i, end: attribute.lastIndex });
    i = attribute.lastIndex;
  }
  const close = /\s*(\/?)>/y;
  close.lastIndex = i;
  const end = close.exec(xml);
  if (!end) throw new XmlSyntaxError(`malformed start tag at ${start}`);
  const selfClosing = end[1] === '/';
  return { name, attributes, children: [], selfClosing, start, openEnd: close.lastIndex, closeStart: close.lastIndex, end: close.lastIndex };
}

/** [namespace URI, local name] of an element's or attribute's name; unprefixed attributes have no namespace. */
function resolve(element: XmlElement, qualified: string, isElement: boolean): [string | undefined, string] {
  const colon = qualified.indexOf(':');
  const prefix = colon < 0 ? undefined : qualified.slice(0, colon);
  const local = colon < 0 ? qualified : qualified.slice(colon + 1);
  if (prefix === undefined && !isElement) return [undefined, local];
  const declaration = prefix === undefined ? 'xmlns' : `xmlns:${prefix}`;
  for (let node: XmlElement | undefined = element; node; node = node.parent) {
    const found = node.attributes.find((a) => a.name === declaration);
    if (found) return [decodeEntities(found.raw), local];
  }
  return [prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : undefined, local];
}

function findElement(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  const [elementNs, elementLocal] = resolve(element, element.name, true);
  if (elementNs === ns && elementLocal === local) return element;
  for (const child of element.children) {
    const found = findElement(child, ns, local);
    if (found) return found;
  }
  return undefined;
}

function decodeEntities(raw: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return named[body] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
