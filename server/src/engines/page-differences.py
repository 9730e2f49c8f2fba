"""Pages of two PDFs compared as pictures, and the comparison report. For server/src/engines/page-differences.ts.

Run as `python3 -I -B page-differences.py <request.json>` inside the job's sandbox.
MuPDF (python3-fitz) renders and writes; numpy (python3-numpy) compares.

  {"task": "pages", "original": "/job/a.pdf", "changed": "/job/b.pdf"}
    → {"original": [[width, height, rotation], ...], "changed": [...]}
      every page's crop box, unturned, in points, and its /Rotate.

  {"task": "visual", "original": ..., "changed": ..., "pairs": [[1, 1], [2, 2]], "dpi": 50}
    → {"pairs": [[{"x", "y", "width", "height"}, ...], ...]}
      per pair (pages from 1), the regions whose pixels differ, in points from
      the top-left of the unturned page (registry/kit/page-items.ts's frame).

  {"task": "report", "original": ..., "changed": ..., "output": "/job/r.pdf",
   "summary": ["line", ...], "legend": [[label, [r, g, b]], ...],
   "pairs": [{"original": 1 | null, "changed": 2 | null,
              "marks": [{"side": "original" | "changed", "colour": [r, g, b], "x", "y", "width", "height"}]}]}
    → {"pages": n}: a first page with the summary lines, then each pair side by
      side, both pages drawn as form XObjects (vector, text stays text), marks
      outlined in their colour, the legend under them.

A document MuPDF cannot open answers {"error": "damaged", "reason"} or
{"error": "password"} with exit code 2.
"""

import json
import sys

import fitz
import numpy

# A channel may differ this much from every pixel around the same place before it counts: anti-aliasing and
# sub-pixel shifts between two renderers move edges by a pixel and change their grey, nothing more.
TOLERANCE = 48
# Differences closer than this many pixels are one region (the letters of a word, the strokes of a mark).
CELL = 6
# Fewer differing pixels than this in a region is noise.
MIN_PIXELS = 3
# Most pixels one page is rendered with: a poster-sized page is compared at a lower resolution, not with gigabytes.
MAX_PAGE_PIXELS = 4_000_000


class Refusal(Exception):
    def __init__(self, **answer):
        super().__init__(answer.get("error"))
        self.answer = answer


def finish(answer, code):
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()
    sys.exit(code)


def open_pdf(path):
    try:
        doc = fitz.open(path, filetype="pdf")
    except (RuntimeError, ValueError, MemoryError) as error:
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)
    if doc.needs_pass:
        raise Refusal(error="password")
    if doc.page_count == 0:
        raise Refusal(error="damaged", reason="MuPDF finds no pages in this document")
    return doc


def page_sizes(doc):
    sizes = []
    for page in doc:
        box = page.cropbox
        sizes.append([round(box.width, 3), round(box.height, 3), page.rotation])
    return sizes


def render(page, dpi):
    """The page unturned (the frame the boxes are in), RGB, as an int16 array."""
    turned = page.rotation
    if turned:
        page.set_rotation(0)
    zoom = dpi / 72.0
    pixmap = page.get_pixmap(matrix=fitz.Matrix(zoom, zoom), colorspace=fitz.csRGB, alpha=False)
    if turned:
        page.set_rotation(turned)
    pixels = numpy.frombuffer(pixmap.samples, dtype=numpy.uint8).reshape(pixmap.height, pixmap.width, 3)
    return pixels.astype(numpy.int16)


def padded(pixels, height, width):
    """The picture on a white canvas of this size (pages of different sizes are compared over the larger)."""
    canvas = numpy.full((height, width, 3), 255, dtype=numpy.int16)
    canvas[: pixels.shape[0], : pixels.shape[1]] = pixels
    return canvas


def neighbourhood(pixels):
    """Each pixel's lowest and highest value per channel over it and its eight neighbours."""
    edge = numpy.pad(pixels, ((1, 1), (1, 1), (0, 0)), mode="edge")
    height, width = pixels.shape[:2]
    shifts = [edge[dy : dy + height, dx : dx + width] for dy in range(3) for dx in range(3)]
    return numpy.minimum.reduce(shifts), numpy.maximum.reduce(shifts)


def differing_pixels(a, b):
    """Where a pixel of one picture is unlike every pixel around the same place in the other."""
    low_b, high_b = neighbourhood(b)
    low_a, high_a = neighbourhood(a)
    a_unlike = ((a < low_b - TOLERANCE) | (a > high_b + TOLERANCE)).any(axis=2)
    b_unlike = ((b < low_a - TOLERANCE) | (b > high_a + TOLERANCE)).any(axis=2)
    return a_unlike | b_unlike


def regions(mask):
    """Bounding boxes (pixels: x0, y0, x1, y1) of connected groups of differing pixels, near ones merged."""
    height, width = mask.shape
    rows, cols = -(-height // CELL), -(-width // CELL)
    grid = numpy.zeros((rows * CELL, cols * CELL), dtype=bool)
    grid[:height, :width] = mask
    cells = grid.reshape(rows, CELL, cols, CELL).any(axis=(1, 3))
    label = numpy.zeros(cells.shape, dtype=numpy.int32)
    boxes = []
    for start in zip(*numpy.nonzero(cells)):
        if label[start]:
            continue
        label[start] = len(boxes) + 1
        stack = [start]
        r0, c0, r1, c1 = start[0], start[1], start[0], start[1]
        while stack:
            r, c = stack.pop()
            r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
            # Cells touching diagonally or one cell apart are one region.
            for nr in range(max(0, r - 2), min(rows, r + 3)):
                for nc in range(max(0, c - 2), min(cols, c + 3)):
                    if cells[nr, nc] and not label[nr, nc]:
                        label[nr, nc] = label[start]
                        stack.append((nr, nc))
        boxes.append((c0 * CELL, r0 * CELL, (c1 + 1) * CELL, (r1 + 1) * CELL))
    found = []
    for x0, y0, x1, y1 in merged(boxes):
        inside = mask[y0:y1, x0:x1]
        if inside.sum() < MIN_PIXELS:
            continue
        ys, xs = numpy.nonzero(inside)
        found.append((x0 + xs.min(), y0 + ys.min(), x0 + xs.max() + 1, y0 + ys.max() + 1))
    return found


def merged(boxes):
    """Boxes that overlap joined until none do, so one region is never reported as two crossing boxes."""
    boxes = list(boxes)
    changed = True
    while changed:
        changed = False
        out = []
        for box in boxes:
            for i, other in enumerate(out):
                if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                    out[i] = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3]))
                    changed = True
                    break
            else:
                out.append(box)
        boxes = out
    return boxes


def visual(request):
    original, changed = open_pdf(request["original"]), open_pdf(request["changed"])
    answers = []
    for first, second in request["pairs"]:
        page_a, page_b = original[first - 1], changed[second - 1]
        # Both pages at one resolution, low enough for the larger.
        largest = max(page_a.rect.width * page_a.rect.height, page_b.rect.width * page_b.rect.height, 1.0)
        dpi = min(float(request["dpi"]), 72.0 * (MAX_PAGE_PIXELS / largest) ** 0.5)
        scale = 72.0 / dpi
        a = render(page_a, dpi)
        b = render(page_b, dpi)
        height, width = max(a.shape[0], b.shape[0]), max(a.shape[1], b.shape[1])
        a, b = padded(a, height, width), padded(b, height, width)
        if numpy.array_equal(a, b):
            answers.append([])
            continue
        answers.append(
            [
                {
                    "x": round(x0 * scale, 2),
                    "y": round(y0 * scale, 2),
                    "width": round((x1 - x0) * scale, 2),
                    "height": round((y1 - y0) * scale, 2),
                }
                for x0, y0, x1, y1 in regions(differing_pixels(a, b))
            ]
        )
    return {"pairs": answers}


# The report's layout, in points: landscape A4 sheets, two pages side by side.
SHEET = fitz.Rect(0, 0, 842, 595)
MARGIN = 28
LEGEND_HEIGHT = 24
GUTTER = 16


def report(request):
    original, changed = open_pdf(request["original"]), open_pdf(request["changed"])
    out = fitz.open()
    summary = out.new_page(width=SHEET.width, height=SHEET.height)
    y = MARGIN + 24
    for index, line in enumerate(request["summary"]):
        summary.insert_text((MARGIN, y), line, fontname="helv", fontsize=18 if index == 0 else 12)
        y += 30 if index == 0 else 18
    draw_legend(summary, request["legend"], y + 12)

    half = (SHEET.width - 2 * MARGIN - GUTTER) / 2
    for pair in request["pairs"]:
        sheet = out.new_page(width=SHEET.width, height=SHEET.height)
        for column, side, doc in ((0, "original", original), (1, "changed", changed)):
            number = pair[side]
            left = MARGIN + column * (half + GUTTER)
            area = fitz.Rect(left, MARGIN + 14, left + half, SHEET.height - MARGIN - LEGEND_HEIGHT)
            heading = pair["headings"][column]
            sheet.insert_text((left, MARGIN + 8), heading, fontname="helv", fontsize=10)
            if number is None:
                continue
            source = doc[number - 1]
            shown = fit(source.rect, area)
            sheet.show_pdf_page(shown, doc, number - 1)
            sheet.draw_rect(shown, color=(0.6, 0.6, 0.6), width=0.5)
            # Marks are in the unturned page's frame; the page is drawn as a viewer shows it.
            to_sheet = source.rotation_matrix * fitz.Matrix(shown.width / source.rect.width, shown.height / source.rect.height) * fitz.Matrix(1, 0, 0, 1, shown.x0, shown.y0)
            for mark in pair["marks"]:
                if mark["side"] != side:
                    continue
                box = fitz.Rect(mark["x"], mark["y"], mark["x"] + mark["width"], mark["y"] + mark["height"]) * to_sheet
                box.normalize()
                sheet.draw_rect(box + (-1, -1, 1, 1), color=tuple(mark["colour"]), width=1.2)
        draw_legend(sheet, request["legend"], SHEET.height - MARGIN - 6)
    out.save(request["output"], garbage=3, deflate=True)
    return {"pages": out.page_count}


def fit(page_rect, area):
    """The largest rectangle of the page's proportions in the area, centred at its top."""
    scale = min(area.width / page_rect.width, area.height / page_rect.height)
    width, height = page_rect.width * scale, page_rect.height * scale
    left = area.x0 + (area.width - width) / 2
    return fitz.Rect(left, area.y0, left + width, area.y0 + height)


def draw_legend(page, legend, baseline):
    x = MARGIN
    for label, colour in legend:
        page.draw_rect(fitz.Rect(x, baseline - 9, x + 14, baseline + 1), color=tuple(colour), width=1.5)
        page.insert_text((x + 20, baseline), label, fontname="helv", fontsize=10)
        x += 40 + fitz.get_text_length(label, fontname="helv", fontsize=10)


def pages(request):
    return {"original": page_sizes(open_pdf(request["original"])), "changed": page_sizes(open_pdf(request["changed"]))}


def main(request_path):
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    fitz.TOOLS.mupdf_display_errors(False)
    task = {"pages": pages, "visual": visual, "report": report}[request["task"]]
    try:
        return task(request)
    except (RuntimeError, MemoryError) as error:
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)


if __name__ == "__main__":
    try:
        finish(main(sys.argv[1]), 0)
    except Refusal as refusal:
        finish(refusal.answer, 2)
