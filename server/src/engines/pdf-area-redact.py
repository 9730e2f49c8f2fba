"""Redaction of areas, whole pages, images and text with MuPDF (PyMuPDF), for
server/src/engines/pdf-area-redact.ts (Manual Redact, Redact Execute). Built on
pdf-redact.py (Auto Redact's text search and removal) and redaction_sweep.py.

Run as `python3 -I -B pdf-area-redact.py <request.json>` inside the job's sandbox:

  {"input": "/job/in.pdf", "output": "/job/out.pdf",
   "areas": [{"page": 0, "rect": [x0, y0, x1, y1], "origin": "top-left" | "pdf", "colour": [0, 0, 0]}],
   "wipePages": [0, 2], "wipeColour": [0, 0, 0],
   "imagePages": [1],
   "terms": [{"text": "secret", "regex": false}],
   "ranges": [{"start": "BEGIN", "end": "END" | ""}],
   "colour": [0, 0, 0], "padding": 0,
   "image": null | {"dpi": 300}, "searchSeconds": 2, "totalSearchSeconds": 20}

Page numbers are 0-based. An area's rect is in the page's unrotated space,
either from its top-left corner ("top-left", MuPDF's own space) or PDF user
space ("pdf", lower-left origin). Everything under an area is removed from the
file, not covered: the characters, the images' pixels under it (MuPDF's
redaction; an image wholly under it goes), the vector paths the page's own
content paints there (drop_paths_under), the annotations and fields over it;
then the area is filled with its colour.
A wiped page loses its whole content stream and resources and is filled with
one box. On an image page every image drawn is removed. Terms and ranges are
searched and removed as Auto Redact does (case-insensitive), then the sweep
takes them out of everything else the file carries.

Answers as pdf-redact.py does, plus {"areas": n} in the success answer.
"""
import importlib.util
import io
import os
import sys

import fitz
import pikepdf
import regex

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("pdf_redact", os.path.join(HERE, "pdf-redact.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)
from redaction_sweep import Redactor, Sweep, clear_metadata  # noqa: E402  (on the path through pdf-redact.py)

Refusal = base.Refusal
EVERYTHING = r"[\s\S]+"


def range_pattern(start, end):
    body = regex.escape(start) + (r"[\s\S]*?" + regex.escape(end) if end else r"[\s\S]*")
    return regex.compile(body, regex.IGNORECASE | regex.V0)


def area_rect(page, area):
    rect = fitz.Rect(area["rect"])
    if area.get("origin") == "pdf":
        # PDF user space (lower-left origin) into MuPDF's page space.
        rect = rect * page.transformation_matrix
    return rect.normalize()


def wipe_page(doc, page, colour):
    """Nothing of the page stays: its content streams, resources and annotations go; one box fills it."""
    for annot in list(page.annots()):
        page.delete_annot(annot)
    for widget in list(page.widgets()):
        page.delete_widget(widget)
    for link in page.get_links():
        page.delete_link(link)
    doc.xref_set_key(page.xref, "Contents", "null")
    doc.xref_set_key(page.xref, "Resources", "<<>>")
    shape = page.new_shape()
    shape.draw_rect(page.rect)
    shape.finish(color=None, fill=colour, width=0)
    shape.commit(overlay=True)


PATH_BUILDERS = {"m", "l", "c", "v", "y", "re", "h", "W", "W*"}
PAINTERS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}


def _times(a, b):
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def drop_paths_under(pdf, boxes_by_page):
    """Vector drawings under an area go too: this MuPDF (1.21) redacts text and
    images only, so each path the page's own content paints (stroke or fill)
    whose bounds, through the current transformation, touch an area is left
    out of the content stream. Clipping paths stay (they paint nothing);
    drawings inside form XObjects are covered, not removed. Then each area is
    filled with its colour, over everything."""
    for index, filled in boxes_by_page.items():
        page = pdf.pages[index]
        boxes = [box for box, _ in filled]
        kept, path, points = [], [], []
        ctm, saved = [1, 0, 0, 1, 0, 0], []
        changed = False
        for operands, operator in pikepdf.parse_content_stream(page):
            name = str(operator)
            if name in PATH_BUILDERS:
                path.append((operands, operator))
                numbers = [float(n) for n in operands]
                if name == "re":
                    x, y, w, h = numbers
                    points += [(x, y), (x + w, y + h)]
                else:
                    points += list(zip(numbers[0::2], numbers[1::2]))
                continue
            if path and name not in PAINTERS and name != "n":
                # A colour or state set between a path and its painting (reportlab sets the fill
                # colour there): kept, ahead of the path, where it means the same.
                kept.append((operands, operator))
                continue
            if name in PAINTERS and path and not any(str(op) in ("W", "W*") for _, op in path):
                xs = [ctm[0] * x + ctm[2] * y + ctm[4] for x, y in points]
                ys = [ctm[1] * x + ctm[3] * y + ctm[5] for x, y in points]
                bounds = fitz.Rect(min(xs), min(ys), max(xs), max(ys)) if points else fitz.Rect()
                # Lines have no area: widen them by a hair so an area across one still touches it.
                bounds = fitz.Rect(bounds.x0 - 0.5, bounds.y0 - 0.5, bounds.x1 + 0.5, bounds.y1 + 0.5)
                if any(bounds.intersects(box) for box in boxes):
                    path, points, changed = [], [], True
                    continue
            kept.extend(path)
            path, points = [], []
            if name == "q":
                saved.append(ctm)
            elif name == "Q":
                ctm = saved.pop() if saved else ctm
            elif name == "cm":
                ctm = _times([float(n) for n in operands], ctm)
            kept.append((operands, operator))
        if changed:
            page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(kept))
        # The areas' fills, over everything, whatever state the content leaves.
        fills = b"".join(b"%f %f %f rg %f %f %f %f re f\n" % (*colour, box.x0, box.y0, box.width, box.height) for box, colour in filled)
        page.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        page.contents_add(pdf.make_stream(b"Q\nq\n" + fills + b"Q\n"), prepend=False)


def image_rects(page):
    rects = []
    for info in page.get_images(full=True):
        try:
            rects.extend(r for r in page.get_image_rects(info[0]) if not r.is_empty)
        except Exception:
            pass
    # Images inside form XObjects are not listed one by one: their whole drawing area counts.
    for info in page.get_image_info():
        rect = fitz.Rect(info["bbox"])
        if not rect.is_empty:
            rects.append(rect)
    return rects


def main(request_path):
    import json

    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    try:
        redact(request)
    except (RuntimeError, MemoryError, pikepdf.PdfError) as error:
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)


def redact(request):
    colour = tuple(float(c) for c in request["colour"])
    padding = float(request.get("padding") or 0)
    clock = base.Clock(float(request["searchSeconds"]), float(request["totalSearchSeconds"]))

    terms = [t for t in request.get("terms", []) if t["text"].strip() and len(t["text"].strip()) <= base.MAX_TERM_LENGTH]
    names = [t["text"].strip() for t in terms]
    patterns = [base.compile_term(t["text"].strip(), t["regex"], False) for t in terms]
    ranges = [r for r in request.get("ranges", []) if r["start"]]
    range_names = [r["start"] + "…" + (r["end"] or "") for r in ranges]
    range_patterns = [range_pattern(r["start"], r["end"]) for r in ranges]
    open_ended = [r for r in ranges if not r["end"]]

    doc = fitz.open(request["input"], filetype="pdf")
    if doc.needs_pass:
        raise Refusal(error="password")
    if doc.page_count == 0:
        raise Refusal(error="damaged", reason="MuPDF finds no pages in this document")

    wipe = set(request.get("wipePages", []))
    image_pages = set(request.get("imagePages", []))
    areas_by_page = {}
    for area in request.get("areas", []):
        areas_by_page.setdefault(area["page"], []).append(area)

    matches = 0
    removed_areas = 0
    pdf_boxes = {}
    rasterise = bool(request.get("image"))
    after_open_range = False
    everything = regex.compile(EVERYTHING)
    for page in doc:
        number = page.number
        if number in wipe:
            wipe_page(doc, page, tuple(float(c) for c in request.get("wipeColour", colour)))
            continue
        rotation = page.rotation
        if rotation:
            page.set_rotation(0)

        page_patterns = patterns + range_patterns
        page_names = names + range_names
        if after_open_range:
            # A range without an end runs to the end of the document.
            page_patterns, page_names = page_patterns + [everything], page_names + ["(rest of the document)"]
        found, count = base.find_matches(page, page_patterns, page_names, padding, clock, number + 1)
        if open_ended and not after_open_range:
            text = base.page_text(page)
            text = text[0] if isinstance(text, tuple) else text
            after_open_range = any(regex.search(regex.escape(r["start"]), str(text), regex.IGNORECASE) for r in open_ended)
        if found:
            base.redact_page(page, found, colour)
            matches += count

        boxes = [(area_rect(page, a), tuple(float(c) for c in a["colour"])) for a in areas_by_page.get(number, [])]
        boxes = [(rect, fill) for rect, fill in boxes if not (rect & page.rect).is_empty]
        pictures = image_rects(page) if number in image_pages else []
        if boxes or pictures:
            base.drop_marks_over(page, [rect for rect, _ in boxes])
            for rect, fill in boxes:
                # Filled here only when the page becomes a picture; otherwise after the drawings
                # under it are gone (drop_paths_under), or the fill would go with them.
                page.add_redact_annot(rect, fill=fill if rasterise else None, cross_out=False)
            removed_areas += len(boxes)
            if boxes:
                # Under an area: its characters and the pixels of images under it.
                page.apply_redactions(images=fitz.PDF_REDACT_IMAGE_PIXELS)
                # Where the area is in PDF space, for the drawings under it (below).
                to_pdf = ~page.transformation_matrix
                pdf_boxes[number] = [((rect * to_pdf).normalize(), fill) for rect, fill in boxes]
            for rect in pictures:
                page.add_redact_annot(rect, fill=colour, cross_out=False)
            if pictures:
                # Image pages: every image goes whole (and what is drawn over it).
                page.apply_redactions(images=fitz.PDF_REDACT_IMAGE_REMOVE)
        if rotation:
            page.set_rotation(rotation)

    image = request.get("image")
    result = base.rasterised(doc, float(image["dpi"])) if image else doc
    redacted = result.tobytes(garbage=3, deflate=True, encryption=fitz.PDF_ENCRYPT_NONE)

    sweep_patterns = patterns + range_patterns
    sweep_names = names + range_names
    with pikepdf.open(io.BytesIO(redacted)) as pdf:
        if pdf_boxes and not image:
            drop_paths_under(pdf, pdf_boxes)
            changed_paths = True
        else:
            changed_paths = False
        if sweep_patterns:
            sweep = Sweep(pdf, Redactor(base.finder(sweep_patterns, sweep_names, clock))).run()
            cleared, dropped, not_cleared, found_elsewhere, changed = sweep.cleared, sweep.dropped_files, sweep.not_cleared, sweep.found, sweep.changed
        else:
            cleared, dropped, not_cleared, found_elsewhere, changed = set(), [], set(), False, False
        if matches or found_elsewhere:
            clear_metadata(pdf)
        if matches or changed or changed_paths:
            pdf.save(request["output"], fix_metadata_version=False)
        else:
            with open(request["output"], "wb") as handle:
                handle.write(redacted)
    base.finish(
        {
            "matches": matches,
            "pages": 0,
            "areas": removed_areas,
            "cleared": sorted(cleared),
            "droppedFiles": dropped,
            "notCleared": sorted(not_cleared),
        },
        0,
    )


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except Refusal as refusal:
        base.finish(refusal.answer, 2)
