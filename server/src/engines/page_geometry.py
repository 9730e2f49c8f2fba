"""Page geometry the page scripts share (page-imposition.py, page-items.py), read with pikepdf.

Attributes looked up the page tree as PDF 32000 §7.7.3.4 says, box arrays
normalised, the box a viewer shows, /Rotate as a quarter turn, and numbers
written for content streams. Imported from the scripts' own folder (the
sandbox's engines folder), as redaction_sweep.py and compress_*.py are.
"""
from pikepdf import Dictionary

LETTER = (0.0, 0.0, 612.0, 792.0)


def inherited(page, key):
    """A page attribute, looked up the page tree as PDF 32000 §7.7.3.4 says (loops stop)."""
    node, seen = page, set()
    while isinstance(node, Dictionary):
        if key in node:
            return node[key]
        if node.objgen in seen or node.objgen == (0, 0):
            return None
        seen.add(node.objgen)
        node = node.get("/Parent")
    return None


def rectangle(value):
    """A box array as (x1, y1, x2, y2), normalised; None when it is none."""
    try:
        numbers = [float(n) for n in value][:4]
    except (TypeError, ValueError):
        return None
    if len(numbers) < 4:
        return None
    a, b, c, d = numbers
    return (min(a, c), min(b, d), max(a, c), max(b, d))


def visible_box(page):
    """What a viewer shows, unrotated: the crop box clipped to the media box.
    A media box with no area counts as missing (Letter), as viewers read it."""
    media = rectangle(inherited(page, "/MediaBox"))
    if not media or not (media[2] > media[0] and media[3] > media[1]):
        media = LETTER
    crop = rectangle(inherited(page, "/CropBox"))
    if crop:
        clipped = (max(crop[0], media[0]), max(crop[1], media[1]), min(crop[2], media[2]), min(crop[3], media[3]))
        if clipped[2] > clipped[0] and clipped[3] > clipped[1]:
            return clipped
    return media


def rotation(page):
    """/Rotate normalised to 0, 90, 180 or 270; a value no multiple of 90 counts as 0, as PDFBox reads it."""
    try:
        angle = int(inherited(page, "/Rotate") or 0)
    except (TypeError, ValueError):
        return 0
    return angle % 360 if angle % 90 == 0 else 0


def number(value):
    return format(round(value, 4), "f").rstrip("0").rstrip(".") or "0"
