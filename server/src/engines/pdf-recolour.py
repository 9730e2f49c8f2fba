"""Page colours replaced, or pages readied for inversion (server/src/engines/pikepdf.ts).

Reads a job from the JSON file named in argv[1]:
  {"input": "/abs/in.pdf", "output": "/abs/out.pdf", "mode": "replace",
   "text": [r, g, b], "background": [r, g, b]}      (channels 0-1)
  {"input": ..., "output": ..., "mode": "invert"}
  {"input": ..., "output": ..., "mode": "invert-content"}

"replace" edits the content streams (qpdf's own parser, through pikepdf) of
every page, of every form they draw (nested forms too) and of every annotation
appearance, so that the page reads in two colours and its text stays text:

- every colour the content sets is dropped, and the colours are set anew just
  before each thing is painted: text (filled, stroked or both) in the text
  colour; strokes (lines, borders, underlines drawn as lines) in the text
  colour; fills in the background colour, except fills whose every part is
  thin (3 pt or less across: table rules, underlines drawn as boxes), which
  are lines to the reader and take the text colour; shadings (`sh`) are not
  drawn; stencil masks (an image that paints with the current colour) take the
  text colour. Images are drawn as they are.
- each page first gets a rectangle of the background colour over its whole
  media box, under everything.

"invert" draws each page over an opaque white rectangle and then covers it
with a white rectangle in the Difference blend mode (|1 - c| = 1 - c: every
colour inverted exactly), with annotations flattened into the page first so
that they are inverted too and the page blends in RGB. A renderer then makes
pictures of the pages (server/src/engines/ghostscript.ts `rasterisePdf`).

"invert-content" inverts every colour in the content itself, so that text
stays text and the file keeps its size: each colour a page, form, annotation
appearance (flattened first) or Type 3 glyph sets becomes its inverse (grey
and RGB component by component; CMYK as the RGB of its inverse), pictures are
inverted through their Decode arrays (palette pictures through their palettes;
stencil masks paint in the inverted fill colour), and each page first gets a
black rectangle over its media box, the inverse of the white paper. Alpha
compositing is linear, so transparency and soft masks invert with the colours.
Where the inverse is not a colour change (shadings, patterns, spot and Lab
colours, CMYK and JPEG 2000 pictures, inline pictures, blend modes other than
Normal, coloured Type 3 glyphs), nothing is written and the answer says why:
{"unsupported": "a shading"} (exit 0); the caller then draws the pages as
pictures with "invert".

Answers one JSON object on stdout: {"pages": n} (exit 0), or
{"error": "password"} / {"error": "damaged", "reason": "..."} (exit 2).
"""
import json
import sys

import pikepdf
from pikepdf import Dictionary, Name, Operator

COLOUR_OPERATORS = {"g", "G", "rg", "RG", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}
SHOW_TEXT = {"Tj", "TJ", "'", '"'}
STROKE = {"S", "s"}
FILL = {"f", "F", "f*"}
FILL_AND_STROKE = {"B", "B*", "b", "b*"}
END_PATH = STROKE | FILL | FILL_AND_STROKE | {"n"}
BUILD_PATH = {"m", "l", "c", "v", "y", "re", "h"}
# A filled shape no wider than this (points, in the space the page is drawn in) is a line to the reader.
THIN = 3.0
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m, n):
    """m then n, as PDF's `cm` composes: m × n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def numbers(operands, count):
    try:
        values = [float(x) for x in operands]
    except (TypeError, ValueError):
        return None
    return values if len(values) == count else None


class Recolourer:
    def __init__(self, text, background):
        self.text = tuple(text)
        self.background = tuple(background)

    def instructions(self, instructions):
        """The content's instructions with their colours replaced."""
        out = []
        fill = stroke = None
        ctm = IDENTITY
        saved = []
        path_start = None
        subpaths = []  # per subpath: [xmin, ymin, xmax, ymax] in page space

        def colour(values, operator):
            return pikepdf.ContentStreamInstruction([*values], Operator(operator))

        def point(x, y, new_subpath=False):
            a, b, c, d, e, f = ctm
            px, py = a * x + c * y + e, b * x + d * y + f
            if new_subpath or not subpaths:
                subpaths.append([px, py, px, py])
            else:
                box = subpaths[-1]
                box[0], box[1], box[2], box[3] = min(box[0], px), min(box[1], py), max(box[2], px), max(box[3], py)

        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                # An inline image may be a stencil mask, which paints in the current fill colour.
                if fill != self.text:
                    out.append(colour(self.text, "rg"))
                    fill = self.text
                out.append(instruction)
                continue
            operands, operator = instruction.operands, str(instruction.operator)
            if operator in COLOUR_OPERATORS or operator == "sh":
                continue
            if operator in BUILD_PATH:
                if path_start is None:
                    path_start = len(out)
                    subpaths = []
                values = numbers(operands, {"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "re": 4, "h": 0}[operator])
                if values is not None:
                    if operator == "re":
                        x, y, w, h = values
                        point(x, y, new_subpath=True)
                        point(x + w, y)
                        point(x, y + h)
                        point(x + w, y + h)
                    elif operator == "m":
                        point(*values, new_subpath=True)
                    else:
                        for k in range(0, len(values), 2):
                            point(values[k], values[k + 1])
                out.append(instruction)
                continue
            if operator in END_PATH and path_start is not None:
                # Colours may not be set inside a path: they go before its first segment.
                wanted = []
                if operator in FILL or operator in FILL_AND_STROKE:
                    thin = bool(subpaths) and all(min(box[2] - box[0], box[3] - box[1]) <= THIN for box in subpaths)
                    target = self.text if thin else self.background
                    if fill != target:
                        wanted.append(colour(target, "rg"))
                        fill = target
                if operator in STROKE or operator in FILL_AND_STROKE:
                    if stroke != self.text:
                        wanted.append(colour(self.text, "RG"))
                        stroke = self.text
                out[path_start:path_start] = wanted
                path_start = None
                out.append(instruction)
                continue
            if operator in SHOW_TEXT:
                if fill != self.text:
                    out.append(colour(self.text, "rg"))
                    fill = self.text
                if stroke != self.text:
                    out.append(colour(self.text, "RG"))
                    stroke = self.text
            elif operator == "Do":
                if fill != self.text:
                    out.append(colour(self.text, "rg"))
                    fill = self.text
            elif operator == "q":
                saved.append((fill, stroke, ctm))
            elif operator == "Q":
                fill, stroke, ctm = saved.pop() if saved else (None, None, IDENTITY)
            elif operator == "cm":
                values = numbers(operands, 6)
                if values is not None:
                    ctm = multiply(tuple(values), ctm)
            out.append(instruction)
        return out

    def stream(self, pdf, stream):
        """A content stream (a form's or an appearance's) rewritten in place."""
        data = pikepdf.unparse_content_stream(self.instructions(pikepdf.parse_content_stream(stream)))
        stream.write(data)


def forms_in(resources):
    """The form XObjects a resource dictionary names."""
    if not isinstance(resources, Dictionary) or "/XObject" not in resources:
        return []
    xobjects = resources.XObject
    if not isinstance(xobjects, Dictionary):
        return []
    return [xobject for _, xobject in xobjects.items() if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == Name.Form]


def appearances(page):
    """Every appearance stream of the page's annotations (normal, rollover, down; each state)."""
    for annotation in page.obj.get("/Annots", []):
        if not isinstance(annotation, Dictionary) or "/AP" not in annotation:
            continue
        for key in ("/N", "/R", "/D"):
            entry = annotation.AP.get(key)
            if isinstance(entry, pikepdf.Stream):
                yield entry
            elif isinstance(entry, Dictionary):
                yield from (state for _, state in entry.items() if isinstance(state, pikepdf.Stream))


def inherited(page, key, default):
    """A page attribute, from the page or the nearest page tree node above it that has it."""
    node, hops = page.obj, 0
    while isinstance(node, Dictionary) and hops < 100:
        if key in node:
            return node[key]
        node, hops = node.get("/Parent"), hops + 1
    return default


def media_box(page):
    """The media box, a point wider on every side: a rectangle exactly on its edges leaves a hairline of the old colour where renderers round."""
    box = inherited(page, "/MediaBox", [0, 0, 612, 792])
    try:
        x0, y0, x1, y1 = [float(v) for v in box]
    except (TypeError, ValueError):
        # A damaged box (not four numbers, or an object referring to itself): Letter, as readers fall back to.
        x0, y0, x1, y1 = 0.0, 0.0, 612.0, 792.0
    return min(x0, x1) - 1, min(y0, y1) - 1, max(x0, x1) + 1, max(y0, y1) + 1


def replace(pdf, text, background):
    recolour = Recolourer(text, background)
    done = set()

    def form(stream, inherited):
        key = stream.objgen
        if key != (0, 0) and key in done:
            return
        done.add(key)
        recolour.stream(pdf, stream)
        own = stream.get("/Resources", inherited)
        for inner in forms_in(own):
            form(inner, own)

    for page in pdf.pages:
        resources = inherited(page, "/Resources", Dictionary())
        instructions = recolour.instructions(pikepdf.parse_content_stream(page))
        x0, y0, x1, y1 = media_box(page)
        fill = pikepdf.ContentStreamInstruction([*recolour.background], Operator("rg"))
        rectangle = pikepdf.ContentStreamInstruction([x0, y0, x1 - x0, y1 - y0], Operator("re"))
        under = [
            pikepdf.ContentStreamInstruction([], Operator("q")),
            fill,
            rectangle,
            pikepdf.ContentStreamInstruction([], Operator("f")),
            pikepdf.ContentStreamInstruction([], Operator("Q")),
        ]
        page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(under + instructions))
        for inner in forms_in(resources):
            form(inner, resources)
        for appearance in appearances(page):
            form(appearance, appearance.get("/Resources", Dictionary()))


def invert(pdf):
    try:
        pdf.generate_appearance_streams()
    except Exception:  # noqa: BLE001 (a form qpdf cannot draw keeps the appearance it has)
        pass
    pdf.flatten_annotations("all")
    for page in pdf.pages:
        x0, y0, x1, y1 = media_box(page)
        box = f"{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g} re f"
        difference = page.add_resource(Dictionary(Type=Name.ExtGState, BM=Name.Difference), Name.ExtGState, prefix="FolioInvert")
        page.contents_add(pdf.make_stream(f"q 1 1 1 rg {box} Q q\n".encode()), prepend=True)
        page.contents_add(pdf.make_stream(f"\nQ q {difference} gs 1 1 1 rg {box} Q\n".encode()), prepend=False)
        # Blend in RGB: in a CMYK page group, white is no ink and Difference would change nothing.
        page.obj.Group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB)


class Unsupported(Exception):
    """Content the colour transform cannot invert exactly: the pages are drawn as pictures instead."""


# Components of each colour space family the transform inverts; CMYK is turned into RGB first.
FAMILIES = {"/DeviceGray": "gray", "/G": "gray", "/CalGray": "gray", "/DeviceRGB": "rgb", "/RGB": "rgb", "/CalRGB": "rgb", "/DeviceCMYK": "cmyk", "/CMYK": "cmyk"}
ICC_FAMILIES = {1: "gray", 3: "rgb", 4: "cmyk"}
COMPONENTS = {"gray": 1, "rgb": 3, "cmyk": 4}
IMAGE_DECODE_COMPONENTS = {"gray": 1, "rgb": 3}
# Blend modes under which inverting every colour inverts the page: the separable ones that are symmetric under it.
NEUTRAL_BLEND_MODES = {"/Normal", "/Compatible"}


# What the answer calls the colour spaces the transform cannot invert.
UNSUPPORTED_SPACES = {
    "/Pattern": "a pattern or gradient fill",
    "/Separation": "a spot colour",
    "/DeviceN": "spot colours",
    "/Indexed": "a palette colour",
    "/I": "a palette colour",
    "/Lab": "a Lab colour",
}


def unsupported_space(kind):
    return Unsupported(UNSUPPORTED_SPACES.get(kind, "an unusual colour space"))


def family_of(space, resources):
    """'gray', 'rgb' or 'cmyk' for a colour space (a name, possibly one of the resources' /ColorSpace); Unsupported for any other."""
    if isinstance(space, Name) and str(space) in FAMILIES:
        return FAMILIES[str(space)]
    if isinstance(space, Name):
        spaces = resources.get("/ColorSpace") if isinstance(resources, Dictionary) else None
        if isinstance(spaces, Dictionary) and str(space) in spaces:
            return family_of(spaces[str(space)], resources)
        raise unsupported_space(str(space))
    if isinstance(space, pikepdf.Array) and len(space) >= 1:
        kind = str(space[0])
        if kind in ("/CalRGB", "/CalGray"):
            return FAMILIES[kind]
        if kind == "/ICCBased" and len(space) > 1 and isinstance(space[1], pikepdf.Stream):
            n = space[1].get("/N")
            if int(n) in ICC_FAMILIES:
                return ICC_FAMILIES[int(n)]
        raise unsupported_space(kind)
    raise unsupported_space(None)


def inverted_rgb(family, values):
    """The inverse of a colour, as RGB (or grey) components."""
    if family == "cmyk":
        c, m, y, k = values
        return [1 - (1 - c) * (1 - k), 1 - (1 - m) * (1 - k), 1 - (1 - y) * (1 - k)]
    return [1 - v for v in values]


class Inverter:
    """Every colour a content stream sets, inverted: what it draws reads as the inverse of the page, text kept as text.

    The colour space families tracked are the input's; CMYK colours are written
    as the RGB of their inverse (the space set to DeviceRGB in their place).
    """

    def instructions(self, instructions, resources):
        out = []
        fill = stroke = "gray"  # every graphics state starts in DeviceGray
        saved = []

        def emit(values, operator):
            out.append(pikepdf.ContentStreamInstruction(values, Operator(operator)))

        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                if not is_stencil(instruction):
                    raise Unsupported("an inline picture")
                out.append(instruction)
                continue
            operands, operator = list(instruction.operands), str(instruction.operator)
            stroking = operator.isupper()
            if operator in ("g", "G", "rg", "RG", "k", "K"):
                family = {"g": "gray", "rg": "rgb", "k": "cmyk"}[operator.lower()]
                values = numbers(operands, COMPONENTS[family])
                if values is None:
                    raise Unsupported("a colour it cannot read")
                same = operator if family != "cmyk" else ("RG" if stroking else "rg")
                emit(inverted_rgb(family, values), same)
            elif operator in ("cs", "CS"):
                family = family_of(operands[0] if operands else None, resources)
                if family == "cmyk":
                    emit([Name.DeviceRGB], operator)
                else:
                    out.append(instruction)
                # A colour space starts at black: its inverse is white.
                emit([1.0] * (1 if family == "gray" else 3), "SC" if stroking else "sc")
            elif operator in ("sc", "scn", "SC", "SCN"):
                family = stroke if stroking else fill
                values = numbers(operands, COMPONENTS[family])
                if values is None:
                    raise Unsupported("a pattern or gradient fill")
                emit(inverted_rgb(family, values), "SC" if stroking else "sc")
                continue
            elif operator == "sh":
                raise Unsupported("a gradient (shading)")
            elif operator == "d0":
                raise Unsupported("a font that draws its own colours (Type 3)")
            else:
                if operator == "q":
                    saved.append((fill, stroke))
                elif operator == "Q":
                    fill, stroke = saved.pop() if saved else ("gray", "gray")
                out.append(instruction)
                continue
            if stroking:
                stroke = family
            else:
                fill = family
        return out


def is_stencil(instruction):
    try:
        return bool(instruction.iimage.image_mask)
    except Exception:  # noqa: BLE001 (an inline image pikepdf cannot read: not one to trust)
        return False


def xobjects_in(resources):
    if not isinstance(resources, Dictionary) or "/XObject" not in resources or not isinstance(resources.XObject, Dictionary):
        return []
    return [xobject for _, xobject in resources.XObject.items() if isinstance(xobject, pikepdf.Stream)]


def refuse_unusual_blending(resources):
    states = resources.get("/ExtGState") if isinstance(resources, Dictionary) else None
    if not isinstance(states, Dictionary):
        return
    for _, state in states.items():
        if not isinstance(state, Dictionary):
            continue
        mode = state.get("/BM")
        modes = list(mode) if isinstance(mode, pikepdf.Array) else [mode] if mode is not None else []
        if any(str(m) not in NEUTRAL_BLEND_MODES for m in modes):
            raise Unsupported(f"a blend mode ({str(modes[0])[1:]})")


def invert_image(image):
    """A picture inverted through its Decode array: its samples read from 1 to 0."""
    if bool(image.get("/ImageMask", False)):
        return  # a stencil: it paints in the fill colour, which is inverted
    filters = image.get("/Filter")
    filters = list(filters) if isinstance(filters, pikepdf.Array) else [filters] if filters is not None else []
    if any(str(f) == "/JPXDecode" for f in filters):
        raise Unsupported("a JPEG 2000 picture")
    space = image.get("/ColorSpace")
    if isinstance(space, pikepdf.Array) and len(space) == 4 and str(space[0]) in ("/Indexed", "/I"):
        invert_palette(space)
        return
    try:
        family = family_of(space, Dictionary())
    except Unsupported:
        raise Unsupported("a picture in an unusual colour space")
    if family not in IMAGE_DECODE_COMPONENTS:
        raise Unsupported("a CMYK picture")
    components = IMAGE_DECODE_COMPONENTS[family]
    decode = image.get("/Decode")
    pairs = [float(v) for v in decode] if isinstance(decode, pikepdf.Array) and len(decode) == 2 * components else [0.0, 1.0] * components
    image.Decode = pikepdf.Array([pairs[i ^ 1] for i in range(2 * components)])


def invert_palette(space):
    """A palette picture inverted through its palette: each entry's inverse (a shared palette once)."""
    if space.objgen != (0, 0) and space.objgen in INVERTED_PALETTES:
        return
    if family_of(space[1], Dictionary()) == "cmyk":
        raise Unsupported("a CMYK palette picture")
    lookup = space[3]
    data = lookup.read_bytes() if isinstance(lookup, pikepdf.Stream) else bytes(lookup)
    inverted = bytes(255 - b for b in data)
    space[3] = pikepdf.String(inverted)
    if space.objgen != (0, 0):
        INVERTED_PALETTES.add(space.objgen)


INVERTED_PALETTES = set()


def invert_content(pdf):
    """Every colour of every page inverted in its content, pictures through their Decode arrays; Unsupported where that cannot be exact."""
    try:
        pdf.generate_appearance_streams()
    except Exception:  # noqa: BLE001 (a form qpdf cannot draw keeps the appearance it has)
        pass
    pdf.flatten_annotations("all")
    inverter = Inverter()
    done = set()

    def walk(resources):
        refuse_unusual_blending(resources)
        for xobject in xobjects_in(resources):
            key = xobject.objgen
            if key != (0, 0) and key in done:
                continue
            done.add(key)
            if xobject.get("/Subtype") == Name.Image:
                invert_image(xobject)
            elif xobject.get("/Subtype") == Name.Form:
                own = xobject.get("/Resources", resources)
                xobject.write(pikepdf.unparse_content_stream(inverter.instructions(pikepdf.parse_content_stream(xobject), own)))
                walk(own)
        fonts = resources.get("/Font") if isinstance(resources, Dictionary) else None
        if isinstance(fonts, Dictionary):
            for _, font in fonts.items():
                if isinstance(font, Dictionary) and font.get("/Subtype") == Name.Type3:
                    key = font.objgen
                    if key != (0, 0) and key in done:
                        continue
                    done.add(key)
                    own = font.get("/Resources", resources)
                    for _, glyph in font.CharProcs.items():
                        glyph.write(pikepdf.unparse_content_stream(inverter.instructions(pikepdf.parse_content_stream(glyph), own)))
                    walk(own)

    for page in pdf.pages:
        resources = inherited(page, "/Resources", Dictionary())
        instructions = inverter.instructions(pikepdf.parse_content_stream(page), resources)
        x0, y0, x1, y1 = media_box(page)
        under = pikepdf.unparse_content_stream([
            pikepdf.ContentStreamInstruction([], Operator("q")),
            pikepdf.ContentStreamInstruction([0], Operator("g")),
            pikepdf.ContentStreamInstruction([x0, y0, x1 - x0, y1 - y0], Operator("re")),
            pikepdf.ContentStreamInstruction([], Operator("f")),
            pikepdf.ContentStreamInstruction([], Operator("Q")),
            # The colours a page starts with are black: their inverse is white.
            pikepdf.ContentStreamInstruction([1], Operator("g")),
            pikepdf.ContentStreamInstruction([1], Operator("G")),
        ])
        page.obj.Contents = pdf.make_stream(under + b"\n" + pikepdf.unparse_content_stream(instructions))
        walk(resources)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    try:
        pdf = pikepdf.open(job["input"])
    except pikepdf.PasswordError:
        print(json.dumps({"error": "password"}))
        return 2
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    try:
        with pdf:
            if job["mode"] == "replace":
                replace(pdf, job["text"], job["background"])
            elif job["mode"] == "invert-content":
                try:
                    invert_content(pdf)
                except Unsupported as reason:
                    print(json.dumps({"unsupported": str(reason)}))
                    return 0
            else:
                invert(pdf)
            pages = len(pdf.pages)
            pdf.save(job["output"], compress_streams=True)
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    print(json.dumps({"pages": pages}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
