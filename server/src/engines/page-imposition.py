"""Pages placed onto new sheets as form XObjects (server/src/engines/page-imposition.ts).

Reads a job from the JSON file named in argv[1], one of:

  {"measure": "/abs/in.pdf"}
      answers {"pages": [[width, height], ...]}: each page's size as a viewer
      shows it (crop box clipped to the media box, turned by /Rotate).

  {"input": "/abs/in.pdf", "output": "/abs/out.pdf", "sheets": [
      {"width": 842, "height": 595,
       "placements": [{"page": 0, "x": 10, "y": 20, "scale": 0.7,
                       "turn": 180, "clip": [x, y, w, h]}],
       "frames": [[x, y, w, h, lineWidth]],
       "lines": [[x1, y1, x2, y2, lineWidth]]}]}
      writes a new document of those sheets and answers {"pages": n}. A
      placement draws page `page` (0-based) as a viewer shows it, scaled by
      `scale`, its lower-left corner at (x, y); `turn` 180 turns it upside
      down in the same place; `clip` keeps it inside a rectangle of the sheet.

Each source page becomes one form XObject (qpdf's own, through pikepdf),
bounded by its visible box and drawn by every placement of it, so text and
vectors stay as they are and nothing is rendered. qpdf reads the source's
objects as they are needed and copies content streams while writing, so
memory stays flat as the document grows. The new document keeps the source's
title, author, subject, keywords and creator; its annotations, form fields and
outline are not carried (the placed pages are pictures of the originals).

Answers one JSON object on stdout, or {"error": "password"} /
{"error": "damaged", "reason": "..."} (exit 2).
"""
import json
import os
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_geometry import number, rotation, visible_box  # noqa: E402

INHERITABLE = ("/MediaBox", "/CropBox", "/Rotate", "/Resources")
DESCRIPTION_KEYS = ("/Title", "/Author", "/Subject", "/Keywords", "/Creator")


def shown_size(page):
    x1, y1, x2, y2 = visible_box(page)
    width, height = x2 - x1, y2 - y1
    return (height, width) if rotation(page) in (90, 270) else (width, height)


def placement_matrix(page, placement):
    """The cm matrix drawing the page's form (in page space) where the placement puts it."""
    x1, y1, x2, y2 = visible_box(page)
    bw, bh = x2 - x1, y2 - y1
    # Page space to shown space (lower-left at the origin), as X = p*u + q*v + r, Y = t*u + w*v + z.
    p, q, r, t, w, z = {
        0: (1, 0, -x1, 0, 1, -y1),
        90: (0, 1, -y1, -1, 0, bw + x1),
        180: (-1, 0, bw + x1, 0, -1, bh + y1),
        270: (0, -1, bh + y1, 1, 0, -x1),
    }[rotation(page)]
    if placement.get("turn") == 180:
        sw, sh = shown_size(page)
        p, q, r, t, w, z = -p, -q, sw - r, -t, -w, sh - z
    s = placement["scale"]
    # cm takes [a b c d e f] with x' = a*u + c*v + e, y' = b*u + d*v + f.
    return (s * p, s * t, s * q, s * w, placement["x"] + s * r, placement["y"] + s * z)


def form_for(source, target, index, forms):
    """The target's form XObject of source page `index`, made once and drawn by each placement."""
    if index not in forms:
        page = source.pages[index]
        form = page.as_form_xobject(handle_transformations=False)
        x1, y1, x2, y2 = visible_box(page.obj)
        form.BBox = Array([x1, y1, x2, y2])
        forms[index] = target.copy_foreign(form)
    return forms[index]


def sheet_content(sheet, source, target, forms, resources):
    ops = []
    for placement in sheet.get("placements", []):
        index = placement["page"]
        name = "/P%d" % index
        resources[name] = form_for(source, target, index, forms)
        ops.append("q")
        clip = placement.get("clip")
        if clip:
            ops.append("%s %s %s %s re W n" % tuple(number(v) for v in clip))
        matrix = placement_matrix(source.pages[index].obj, placement)
        ops.append("%s %s %s %s %s %s cm %s Do" % (*(number(v) for v in matrix), name))
        ops.append("Q")
    for x, y, width, height, line in sheet.get("frames", []):
        ops.append("q 0 G %s w %s %s %s %s re S Q" % tuple(number(v) for v in (line, x, y, width, height)))
    for x1, y1, x2, y2, line in sheet.get("lines", []):
        ops.append("q 0 G %s w %s %s m %s %s l S Q" % tuple(number(v) for v in (line, x1, y1, x2, y2)))
    return "\n".join(ops).encode("ascii")


def impose(source, job):
    target = pikepdf.new()
    forms = {}
    for sheet in job["sheets"]:
        xobjects = Dictionary()
        content = sheet_content(sheet, source, target, forms, xobjects)
        page = Dictionary(
            Type=Name.Page,
            MediaBox=Array([0, 0, sheet["width"], sheet["height"]]),
            Resources=Dictionary(XObject=xobjects),
            Contents=target.make_stream(content),
        )
        target.pages.append(pikepdf.Page(page))
    info = source.trailer.get("/Info")
    for key in DESCRIPTION_KEYS if isinstance(info, Dictionary) else ():
        value = info.get(key)
        if isinstance(value, pikepdf.String) and str(value):
            target.docinfo[key] = pikepdf.String(str(value))
    target.save(job["output"], compress_streams=True)
    return {"pages": len(job["sheets"])}


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    path = job.get("measure") or job["input"]
    try:
        source = pikepdf.open(path)
    except pikepdf.PasswordError:
        print(json.dumps({"error": "password"}))
        return 2
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    try:
        with source:
            if "measure" in job:
                answer = {"pages": [list(shown_size(page.obj)) for page in source.pages]}
            else:
                answer = impose(source, job)
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
