"""Items placed on pages (signatures, text, pictures, shapes, markup, notes) written into a PDF
(server/src/engines/page-items.ts).

Reads a job from the JSON file named in argv[1]:
  {"input": "/abs/in.pdf", "output": "/abs/out.pdf", "drawings": "/abs/drawings.pdf",
   "mode": "content" | "annotations", "author": "Folio",
   "items": [{"kind": "text", "pages": [0, 2], "x": 72, "y": 100, "width": 200, "height": 40,
              "colour": [0, 0, 0], "fill": null, "thickness": 2, "opacity": 1,
              "text": "...", "family": "Z003", "size": 24, "align": "left", "fit": true,
              "image": "/abs/picture.png", "strokes": [[[x, y], ...], ...]}]}

Items are in the page frame of registry/kit/page-items.ts: points from the
top-left corner of the page's crop box, the page unturned, y down. Each item is
drawn once per distinct page rotation with cairo (text shaped by Pango with
HarfBuzz, so any script; pictures embedded with their alpha as a soft mask; ink
smoothed into cubic Béziers) as a page of `drawings`, which becomes a form
XObject of the output, shared by every page the item is on:
  - "content": drawn into each page's content (q/Q around the old content);
  - "annotations": the form is the appearance (/AP /N) of a real annotation
    (FreeText, Square, Circle, Line, Ink, Highlight, Underline, StrikeOut,
    Text, Stamp) carrying the keys other readers edit it by.
Text, pictures, notes and text markup are drawn upright as the page is shown
(turned against /Rotate); strokes and shapes are where their points are.

Answers {"pages": n, "placed": m} on stdout, {"unreadablePicture": item index} when a
picture's data cannot be decoded (nothing written), or {"error": "password"} /
{"error": "damaged", "reason": "..."} (exit 2).
"""
import json
import math
import os
import sys
import time
import uuid

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
import cairo  # noqa: E402
import pikepdf  # noqa: E402
from gi.repository import Pango, PangoCairo  # noqa: E402
from pikepdf import Array, Dictionary, Name  # noqa: E402
from PIL import Image  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_geometry import inherited, number, rotation, visible_box  # noqa: E402

# The wrapper refuses larger pictures before this runs; this only keeps a forged header from allocating more.
Image.MAX_IMAGE_PIXELS = 20_000_000
# Kinds drawn upright as the page is shown; the others follow the page's own frame.
UPRIGHT = {"text", "image", "note", "highlight", "underline", "strikeout"}
LINES = {"line", "arrow"}
SUBTYPES = {
    "text": "/FreeText",
    "rectangle": "/Square",
    "ellipse": "/Circle",
    "line": "/Line",
    "arrow": "/Line",
    "ink": "/Ink",
    "highlight": "/Highlight",
    "underline": "/Underline",
    "strikeout": "/StrikeOut",
    "note": "/Text",
    "image": "/Stamp",
}
ALIGNMENTS = {"left": Pango.Alignment.LEFT, "center": Pango.Alignment.CENTER, "right": Pango.Alignment.RIGHT}
QUADDING = {"left": 0, "center": 1, "right": 2}
PRINT_FLAG = 4
# Pango measures in 1/1024 points in 32-bit integers: sizes and widths stay well inside.
MAX_FITTED_SIZE = 2000
MAX_LAYOUT_WIDTH = 100_000


# ---- drawing one item on a cairo page ----


def pad_of(item):
    """Room around the box for what strokes draw past it (half a line, round caps, an arrow's head)."""
    kind = item["kind"]
    thickness = item.get("thickness") or 0
    if kind == "arrow":
        return head_length(thickness) + thickness
    if kind in ("ink", "line", "rectangle", "ellipse"):
        return thickness
    return 0


def head_length(thickness):
    return max(8.0, 4.0 * thickness)


def box_of(item):
    """The item's box in the page frame (x, y, w, h), lines normalised."""
    x, y, w, h = item["x"], item["y"], item["width"], item["height"]
    if item["kind"] in LINES:
        return (min(x, x + w), min(y, y + h), abs(w), abs(h))
    return (x, y, w, h)


def set_colour(cr, colour, alpha=1.0):
    red, green, blue = colour
    if alpha < 1:
        cr.set_source_rgba(red, green, blue, alpha)
    else:
        cr.set_source_rgb(red, green, blue)


def smooth_path(cr, points):
    """A stroke through its points as Catmull-Rom splines turned into cubic Béziers."""
    cr.move_to(*points[0])
    if len(points) == 1:
        # A dot: a round cap on a segment of no length.
        cr.line_to(*points[0])
        return
    last = len(points) - 1
    for i in range(last):
        p0 = points[i - 1] if i > 0 else points[i]
        p1, p2 = points[i], points[i + 1]
        p3 = points[i + 2] if i + 2 <= last else p2
        cr.curve_to(
            p1[0] + (p2[0] - p0[0]) / 6,
            p1[1] + (p2[1] - p0[1]) / 6,
            p2[0] - (p3[0] - p1[0]) / 6,
            p2[1] - (p3[1] - p1[1]) / 6,
            p2[0],
            p2[1],
        )


def text_layout(cr, item, width, height):
    """The item's text laid out for the box: wrapped to its width, or, with `fit`, one block shrunk to fit it."""
    context = PangoCairo.create_context(cr)
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    PangoCairo.context_set_font_options(context, options)
    context.set_round_glyph_positions(False)
    layout = Pango.Layout.new(context)
    layout.set_auto_dir(True)
    layout.set_alignment(ALIGNMENTS.get(item.get("align"), Pango.Alignment.LEFT))
    layout.set_text(item["text"], -1)
    description = Pango.FontDescription()
    description.set_family(item["family"])

    def lay_out(size):
        description.set_absolute_size(size * Pango.SCALE)
        layout.set_font_description(description)
        return layout.get_extents()[1]

    if item.get("fit"):
        # Never wrapped: one block, its lines as typed, shrunk until it fits the box both ways.
        size = min(item.get("size") or height, MAX_FITTED_SIZE)
        logical = lay_out(size)
        lw, lh = logical.width / Pango.SCALE, logical.height / Pango.SCALE
        shrink = min(1.0, width / lw if lw > 0 else 1.0, height / lh if lh > 0 else 1.0)
        # A second pass: sizes scale the layout almost linearly (hinting is off).
        if shrink < 1:
            logical = lay_out(size * shrink * 0.995)
        # Aligned in the box by hand: a layout without a width aligns its lines only with each other.
        spare = width - logical.width / Pango.SCALE
        shift = {"center": spare / 2, "right": spare}.get(item.get("align"), 0)
        return layout, shift - logical.x / Pango.SCALE
    layout.set_width(int(min(width, MAX_LAYOUT_WIDTH) * Pango.SCALE))
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    lay_out(item.get("size") or 12)
    return layout, 0


def picture_surface(path):
    """The picture as a cairo surface, alpha premultiplied; a JPEG keeps its bytes, embedded as they are."""
    with Image.open(path) as picture:
        picture.load()
        kind, mode = picture.format, picture.mode
        has_alpha = picture.mode in ("RGBA", "LA", "PA") or (picture.mode == "P" and "transparency" in picture.info)
        rgba = picture.convert("RGBA")
    width, height = rgba.size
    surface_format = cairo.FORMAT_ARGB32 if has_alpha else cairo.FORMAT_RGB24
    stride = cairo.ImageSurface.format_stride_for_width(surface_format, width)
    data = rgba.tobytes("raw", "BGRa", stride)
    surface = cairo.ImageSurface.create_for_data(bytearray(data), surface_format, width, height, stride)
    # A JPEG in grey or RGB keeps its own bytes (DCTDecode); CMYK ones are drawn from the decoded pixels,
    # since cairo would embed them without the inverted Decode Adobe's CMYK JPEGs need.
    if kind == "JPEG" and mode in ("L", "RGB"):
        with open(path, "rb") as handle:
            surface.set_mime_data(cairo.MIME_TYPE_JPEG, handle.read())
    return surface, width, height


def draw_note_icon(cr, colour, width, height):
    """A sticky note: a square of its colour with a folded corner and three lines of writing."""
    size = min(width, height)
    cr.translate((width - size) / 2, (height - size) / 2)
    fold = size * 0.25
    cr.move_to(0, 0)
    cr.line_to(size, 0)
    cr.line_to(size, size - fold)
    cr.line_to(size - fold, size)
    cr.line_to(0, size)
    cr.close_path()
    set_colour(cr, colour)
    cr.fill_preserve()
    cr.set_source_rgb(0.2, 0.2, 0.2)
    cr.set_line_width(max(size * 0.04, 0.5))
    cr.set_line_join(cairo.LINE_JOIN_ROUND)
    cr.stroke()
    for step in (0.3, 0.5, 0.7):
        cr.move_to(size * 0.2, size * step)
        cr.line_to(size * (0.8 if step < 0.7 else 0.55), size * step)
    cr.stroke()


def draw_item(cr, item, width, height):
    """Draws `item` in a box `width` x `height` whose top-left corner is cairo's origin (y down)."""
    kind = item["kind"]
    colour = item.get("colour") or (0, 0, 0)
    thickness = item.get("thickness") or 1
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    cr.set_line_join(cairo.LINE_JOIN_ROUND)
    cr.set_line_width(thickness)
    if kind == "text":
        layout, shift = text_layout(cr, item, width, height)
        set_colour(cr, colour)
        cr.move_to(shift, 0)
        PangoCairo.show_layout(cr, layout)
    elif kind == "image":
        surface, pw, ph = picture_surface(item["image"])
        cr.scale(width / pw, height / ph)
        cr.set_source_surface(surface, 0, 0)
        cr.get_source().set_filter(cairo.FILTER_GOOD)
        cr.paint()
    elif kind == "ink":
        set_colour(cr, colour)
        left, top = item["x"], item["y"]
        for stroke in item["strokes"]:
            smooth_path(cr, [(px - left, py - top) for px, py in stroke])
        cr.stroke()
    elif kind in ("rectangle", "ellipse"):
        if kind == "rectangle":
            cr.rectangle(0, 0, width, height)
        else:
            cr.save()
            cr.translate(width / 2, height / 2)
            cr.scale(width / 2, height / 2)
            cr.arc(0, 0, 1, 0, 2 * math.pi)
            cr.restore()
        if item.get("fill"):
            set_colour(cr, item["fill"])
            cr.fill_preserve()
        set_colour(cr, colour)
        cr.stroke()
    elif kind in LINES:
        x1 = width if item["width"] < 0 else 0
        y1 = height if item["height"] < 0 else 0
        x2, y2 = width - x1, height - y1
        set_colour(cr, colour)
        cr.move_to(x1, y1)
        cr.line_to(x2, y2)
        if kind == "arrow":
            angle = math.atan2(y2 - y1, x2 - x1)
            length = head_length(thickness)
            for side in (-1, 1):
                wing = angle + math.pi - side * math.pi / 6
                cr.move_to(x2 + length * math.cos(wing), y2 + length * math.sin(wing))
                cr.line_to(x2, y2)
        cr.stroke()
    elif kind == "highlight":
        # Multiplied, as a highlighter: the words under it stay as dark as they were.
        cr.set_operator(cairo.OPERATOR_MULTIPLY)
        # As an annotation, /CA carries the opacity (readers apply it to the appearance): drawn opaque here.
        alpha = 1 if item.get("asAnnotation") else item.get("opacity") or 1
        set_colour(cr, item.get("colour") or (1, 1, 0), alpha)
        cr.rectangle(0, 0, width, height)
        cr.fill()
    elif kind in ("underline", "strikeout"):
        line = max(0.5, height * 0.07)
        cr.set_line_width(line)
        cr.set_line_cap(cairo.LINE_CAP_BUTT)
        set_colour(cr, colour)
        level = height - line / 2 if kind == "underline" else height / 2
        cr.move_to(0, level)
        cr.line_to(width, level)
        cr.stroke()
    elif kind == "note":
        draw_note_icon(cr, item.get("colour") or (1, 0.95, 0.4), width, height)


# ---- placing the drawings ----


def turned_matrix(turn):
    """The form's rotation, counter-clockwise by `turn` degrees, as cm's a b c d."""
    radians = math.radians(turn)
    cos, sin = round(math.cos(radians)), round(math.sin(radians))
    return (cos, sin, -sin, cos)


def placement(turn, cw, ch, left, bottom):
    """The cm matrix drawing a cw x ch form, turned by `turn`, with its lower-left corner at (left, bottom)."""
    a, b, c, d = turned_matrix(turn)
    corners = [(a * x + c * y, b * x + d * y) for x, y in ((0, 0), (cw, 0), (0, ch), (cw, ch))]
    return (a, b, c, d, left - min(p[0] for p in corners), bottom - min(p[1] for p in corners))


IDENTITY = (1, 0, 0, 1, 0, 0)


def multiply(first, then):
    """The matrix applying `first`, then `then` (PDF's row-vector order)."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = then
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def turned_about(rect, degrees):
    """Turning `degrees` clockwise as seen about the middle of `rect` (PDF space, y up: a negative angle)."""
    angle = math.radians(-degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)


def apply(matrix, x, y):
    a, b, c, d, e, f = matrix
    return (a * x + c * y + e, b * x + d * y + f)


class Drawings:
    """Every (item, turn) drawn once as a page of one cairo PDF, then its form XObject in the output."""

    def __init__(self, path):
        self.path = path
        self.surface = cairo.PDFSurface(path, 1, 1)
        self.pages = {}
        self.forms = {}
        self.source = None

    def draw(self, index, item, turn):
        key = (index, turn)
        if key in self.pages:
            return self.pages[key][1:]
        _, _, w, h = box_of(item)
        pad = pad_of(item)
        width, height = (h, w) if turn in (90, 270) else (w, h)
        cw, ch = width + 2 * pad, height + 2 * pad
        self.surface.set_size(cw, ch)
        cr = cairo.Context(self.surface)
        cr.rectangle(0, 0, cw, ch)
        cr.clip()
        cr.translate(pad, pad)
        draw_item(cr, item, width, height)
        cr.show_page()
        self.pages[key] = (len(self.pages), cw, ch)
        return cw, ch

    def finish(self):
        self.surface.finish()
        self.source = pikepdf.open(self.path)

    def form(self, target, index, turn):
        key = (index, turn)
        if key not in self.forms:
            page = self.source.pages[self.pages[key][0]]
            form = page.as_form_xobject()
            # cairo makes each page an isolated transparency group, which would keep a
            # highlight from multiplying with the words under it: the form is drawn in the page's.
            if "/Group" in form:
                del form["/Group"]
            self.forms[key] = target.copy_foreign(form)
        return self.forms[key]


def push_inherited(page):
    """Copies attributes the page inherits onto it, so adding to its resources keeps the inherited ones."""
    for key in ("/Resources", "/Rotate", "/MediaBox", "/CropBox"):
        if key not in page.obj:
            value = inherited(page.obj, key)
            if value is not None:
                page.obj[key] = value
    if "/Resources" not in page.obj:
        page.obj["/Resources"] = Dictionary()


def pdf_date():
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime())


def annotation(target, item, page, rect, matrix, turning, form, cw, ch, author, created):
    """The item as a real annotation of its kind, its appearance the drawn form (`turning`: its rotation, in page space)."""
    kind = item["kind"]
    colour = item.get("colour")
    left, bottom, right, top = rect
    pad = pad_of(item)
    # The drawing's bounds as placed (turned, for a rotated item).
    drawn = [apply(matrix, x, y) for x, y in ((0, 0), (cw, 0), (0, ch), (cw, ch))]
    annot = Dictionary(
        Type=Name.Annot,
        Subtype=Name(SUBTYPES[kind]),
        Rect=Array([min(p[0] for p in drawn), min(p[1] for p in drawn), max(p[0] for p in drawn), max(p[1] for p in drawn)]),
        P=page.obj,
        F=PRINT_FLAG,
        NM=pikepdf.String("folio-" + uuid.uuid4().hex),
        M=pikepdf.String(created),
        CreationDate=pikepdf.String(created),
        T=pikepdf.String(author),
        AP=Dictionary(N=form),
    )
    if colour and kind != "text":
        annot["/C"] = Array(colour)
    thickness = item.get("thickness") or 1
    if kind in ("rectangle", "ellipse", "line", "arrow", "ink"):
        annot["/BS"] = Dictionary(Type=Name.Border, W=thickness, S=Name.S)
        if not colour:
            annot["/C"] = Array([0, 0, 0])
    if kind in ("rectangle", "ellipse") and turning == IDENTITY:
        annot["/RD"] = Array([pad, pad, pad, pad])
        if item.get("fill"):
            annot["/IC"] = Array(item["fill"])
    if kind in LINES:
        x1 = right if item["width"] < 0 else left
        y1 = bottom if item["height"] < 0 else top
        x2 = left + right - x1
        y2 = bottom + top - y1
        annot["/L"] = Array([x1, y1, x2, y2])
        annot["/LE"] = Array([Name("/None"), Name("/OpenArrow" if kind == "arrow" else "/None")])
    if kind == "ink":
        box_left, box_top = item["x"], item["y"]
        annot["/InkList"] = Array(
            [Array([v for px, py in stroke for v in apply(turning, left + px - box_left, top - (py - box_top))]) for stroke in item["strokes"]]
        )
    if kind in ("highlight", "underline", "strikeout"):
        # Upper-left, upper-right, lower-left, lower-right as the words are read (the page as shown).
        corners = [apply(matrix, x, y) for x, y in ((0, ch), (cw, ch), (0, 0), (cw, 0))]
        annot["/QuadPoints"] = Array([v for point in corners for v in point])
        if not colour:
            annot["/C"] = Array([1, 1, 0] if kind == "highlight" else [0, 0, 0])
        if kind == "highlight" and item.get("opacity"):
            annot["/CA"] = item["opacity"]
    if kind == "text":
        red, green, blue = colour or (0, 0, 0)
        annot["/Contents"] = pikepdf.String(item["text"])
        annot["/DA"] = pikepdf.String("%s %s %s rg /Helv %s Tf" % (number(red), number(green), number(blue), number(item.get("size") or 12)))
        annot["/Q"] = QUADDING.get(item.get("align"), 0)
    if kind == "note":
        annot["/Contents"] = pikepdf.String(item["text"])
        annot["/Name"] = Name.Comment
        annot["/Open"] = False
        if not colour:
            annot["/C"] = Array([1, 0.95, 0.4])
    if kind == "image":
        annot["/Name"] = Name("/Image")
    return target.make_indirect(annot)


def place_items(target, job):
    drawings = Drawings(job["drawings"])
    pages = target.pages
    annotate = job["mode"] == "annotations"
    for item in job["items"]:
        item["asAnnotation"] = annotate
    # Every placement: (page, item index, turn), drawn before the forms are read back.
    placements = []
    for index, item in enumerate(job["items"]):
        for page_index in item["pages"]:
            turn = rotation(pages[page_index].obj) if item["kind"] in UPRIGHT else 0
            try:
                drawings.draw(index, item, turn)
            except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as error:
                # Only a picture's bytes can fail to draw: its header was read, its data is broken.
                if item["kind"] != "image":
                    raise
                return {"unreadablePicture": index, "reason": str(error)[:200]}
            placements.append((page_index, index, turn))
    drawings.finish()

    created = pdf_date()
    author = job.get("author") or "Folio"
    contents = {}
    for page_index, index, turn in placements:
        item = job["items"][index]
        page = pages[page_index]
        x1, _, _, y2 = visible_box(page.obj)
        x, y, w, h = box_of(item)
        rect = (x1 + x, y2 - y - h, x1 + x + w, y2 - y)
        _, cw, ch = drawings.pages[(index, turn)]
        pad = pad_of(item)
        matrix = placement(turn, cw, ch, rect[0] - pad, rect[1] - pad)
        turning = IDENTITY
        if item.get("rotation"):
            # Turned about the box's middle; an annotation's /Rect grows to the turned drawing's bounds.
            turning = turned_about(rect, item["rotation"])
            matrix = multiply(matrix, turning)
        form = drawings.form(target, index, turn)
        if annotate:
            form["/Matrix"] = Array([*matrix[:4], 0, 0])
            annot = annotation(target, item, page, rect, matrix, turning, form, cw, ch, author, created)
            if not isinstance(page.obj.get("/Annots"), Array):
                page.obj["/Annots"] = Array()
            page.obj["/Annots"].append(annot)
        else:
            if page_index not in contents:
                push_inherited(page)
                contents[page_index] = []
            name = page.add_resource(form, Name.XObject, prefix="FolioItem")
            contents[page_index].append("q %s cm %s Do Q" % (" ".join(number(v) for v in matrix), name))
    for page_index, ops in contents.items():
        page = pages[page_index]
        page.contents_add(target.make_stream(b"q\n"), prepend=True)
        page.contents_add(target.make_stream(("\nQ\n" + "\n".join(ops) + "\n").encode("ascii")))
    target.save(job["output"], compress_streams=True)
    drawings.source.close()
    return {"pages": len(pages), "placed": len(placements)}


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    try:
        target = pikepdf.open(job["input"])
    except pikepdf.PasswordError:
        print(json.dumps({"error": "password"}))
        return 2
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    try:
        with target:
            answer = place_items(target, job)
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
