"""An uploaded SVG without anything that reaches outside it (server/src/engines/svg.ts).

Usage: svg-clean.py <input.svg> <output.svg>

Parses the SVG with Python's expat-based parser (which never loads external
entities or DTDs; external entity declarations are refused outright) and writes
it back with every reference to something outside the file taken out, so the
renderer that draws it next has nothing to fetch or read:

- `href` and `src` attributes (in any namespace: xlink:href, href, XInclude's)
  are kept only when they point inside the file (`#id`) or hold a picture as
  data (`data:image/png`, `jpeg` or `gif`);
- `xml:base`, XInclude elements, scripts, event handlers (`on*` attributes,
  `handler` and `listener` elements), embedded foreign content
  (`foreignObject`, `iframe`, `object`, `embed`) and processing instructions
  (`<?xml-stylesheet?>`) are dropped; the doctype is not written back;
- in CSS (style elements, style attributes, presentation attributes) `@import`
  rules are dropped and `url(...)` to anything but `#id` or a data picture
  becomes `none`; CSS written with backslash escapes (which could spell `url`
  so that no text search sees it) is dropped whole, and so is any attribute
  with a backslash.

Answers one JSON object on stdout: {"removed": <references taken out>} (exit 0),
or {"error": "unreadable", "reason": "..."} (exit 2) for a file that is not
well-formed XML with an <svg> root, or that declares external entities.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET
from xml.parsers import expat

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
XINCLUDE = "http://www.w3.org/2001/XInclude"
XML = "http://www.w3.org/XML/1998/namespace"

# Elements that run code or carry another document: nothing a drawing needs.
ACTIVE_ELEMENTS = {"script", "foreignObject", "iframe", "object", "embed", "handler", "listener"}

ALLOWED_DATA = re.compile(r"^data:image/(png|jpe?g|gif)[;,]", re.IGNORECASE)
URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
IMPORT = re.compile(r"@import[^;]*;?", re.IGNORECASE)


class Unreadable(Exception):
    pass


def local(name):
    return name.rsplit("}", 1)[-1]


def namespace(name):
    return name[1:].split("}", 1)[0] if name.startswith("{") else ""


def inside(target):
    target = target.strip()
    return target.startswith("#") or bool(ALLOWED_DATA.match(target))


class Cleaner:
    def __init__(self):
        self.removed = 0

    def css(self, text):
        """The CSS with outside references taken out; None when it must go whole."""
        if "\\" in text:
            self.removed += 1
            return None

        def url(match):
            if inside(match.group(2)):
                return match.group(0)
            self.removed += 1
            return "none"

        cleaned, imports = IMPORT.subn("", text)
        self.removed += imports
        return URL.sub(url, cleaned)

    def element(self, node):
        for name in list(node.attrib):
            value = node.attrib[name]
            if local(name) in ("href", "src") and not inside(value):
                del node.attrib[name]
                self.removed += 1
            elif local(name).lower().startswith("on"):
                del node.attrib[name]
                self.removed += 1
            elif namespace(name) == XML and local(name) == "base":
                del node.attrib[name]
                self.removed += 1
            elif "url(" in value.lower() or "@import" in value.lower() or "\\" in value:
                # Style and presentation attributes are CSS to librsvg (a backslash can spell `url` unseen).
                cleaned = self.css(value)
                if cleaned is None:
                    del node.attrib[name]
                else:
                    node.attrib[name] = cleaned
        for child in list(node):
            if not isinstance(child.tag, str):
                # Comments and processing instructions (the parser keeps neither; this is for safety).
                node.remove(child)
                continue
            if namespace(child.tag) == XINCLUDE or local(child.tag) in ACTIVE_ELEMENTS:
                node.remove(child)
                self.removed += 1
                continue
            if local(child.tag) == "style":
                cleaned = self.css("".join(child.itertext()))
                if cleaned is None:
                    node.remove(child)
                    continue
                for grandchild in list(child):
                    child.remove(grandchild)
                child.text = cleaned
            self.element(child)


def parse(path):
    """The document's element tree, built by expat itself (no DTD or external entity is ever loaded)."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate(namespace_separator="}")
    qualified = lambda name: "{" + name if "}" in name else name

    def refuse_external(name, is_parameter, value, base, system_id, public_id, notation):
        if system_id is not None or public_id is not None or notation is not None:
            raise Unreadable("it declares an external entity")

    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = refuse_external
    parser.ExternalEntityRefHandler = lambda *args: 0
    parser.StartElementHandler = lambda name, attributes: builder.start(qualified(name), {qualified(k): v for k, v in attributes.items()})
    parser.EndElementHandler = lambda name: builder.end(qualified(name))
    parser.CharacterDataHandler = builder.data
    parser.buffer_text = True
    with open(path, "rb") as handle:
        try:
            parser.Parse(handle.read(), True)
            root = builder.close()
        except (expat.ExpatError, AssertionError, IndexError) as error:
            raise Unreadable(str(error) or "it is not well-formed XML")
    if local(root.tag) != "svg" or namespace(root.tag) not in (SVG, ""):
        raise Unreadable("its root element is not <svg>")
    return root


def main():
    source, target = sys.argv[1], sys.argv[2]
    try:
        root = parse(source)
    except Unreadable as error:
        print(json.dumps({"error": "unreadable", "reason": str(error)}))
        return 2
    cleaner = Cleaner()
    if local(root.tag) == "svg" and namespace(root.tag) == "":
        # A root without the SVG namespace is drawn by nobody; give it the namespace its author meant.
        for node in root.iter():
            if isinstance(node.tag, str) and namespace(node.tag) == "":
                node.tag = "{%s}%s" % (SVG, node.tag)
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    try:
        cleaner.element(root)
        ET.ElementTree(root).write(target, encoding="utf-8", xml_declaration=True)
    except RecursionError:
        # Thousands of nested groups: no drawing needs them, and walking them would exhaust the stack.
        print(json.dumps({"error": "unreadable", "reason": "its elements are nested too deeply"}))
        return 2
    print(json.dumps({"removed": cleaner.removed}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
