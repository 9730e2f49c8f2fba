"""Text redaction with MuPDF (PyMuPDF), for server/src/engines/pymupdf.ts.

Run as `python3 -I -B pdf-redact.py <request.json>` inside the job's sandbox.
The request names the input and output PDFs and says what to redact:

  {"input": "/job/in.pdf", "output": "/job/out.pdf",
   "terms": ["secret", "\\d{3}-\\d{4}"], "useRegex": true, "wholeWord": false,
   "colour": [0, 0, 0], "padding": 0.1,
   "image": null | {"dpi": 300},
   "searchSeconds": 2, "totalSearchSeconds": 20}

Each page's text is read with its characters' boxes; every term is searched in
it (case-insensitive, Python's `regex` module: a timeout per search, and Java's
syntax close enough that the reference's patterns mostly work unchanged). Under
every match the characters are removed from the content streams (MuPDF's
redaction), then a box in the chosen colour is drawn over where they were,
and annotations that overlap a box are deleted. Optionally every page is then
replaced by a picture of itself. Then everything else the file carries is
swept with the same matcher (redaction_sweep.py: properties, bookmarks,
annotations, form fields, embedded files, ...), and when a term was found
anywhere the document's Author, Subject, Keywords and XMP metadata go.

Answers one JSON object on stdout:
  {"matches": 3, "pages": 2,                                   exit 0
   "cleared": ["bookmarks", ...], "droppedFiles": ["a.txt"], "notCleared": ["other-streams"]}
  {"error": "invalid-pattern", "term": "(", "reason": "...", "unsupported": false}   exit 2
  {"error": "pattern-too-complex", "term": "(a|aa)+$", "page": 1 | null, "seconds": 2}   (null: outside the pages' text)
  {"error": "search-too-long", "seconds": 20}
  {"error": "password"} | {"error": "damaged", "reason": "..."}
Anything else (a traceback, exit 1) is a fault of this script or of MuPDF.
"""
import io
import json
import os
import sys
import time

import fitz
import pikepdf
import regex

# Run isolated (-I), so the script's own folder is not on the path: its sweep module is beside it.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from redaction_sweep import Redactor, Sweep, clear_metadata  # noqa: E402

# Debian 12's PyMuPDF 1.21.1 is built with SWIG 4.1, under which an annotation
# is destroyed twice when its Python object goes away (explicitly in
# Annot._erase, then again by SWIG): MuPDF's memory is corrupted and later calls
# fail ("'SwigPyObject' object has no attribute 'thisown'") or crash, after a
# handful of annotations. Newer PyMuPDF only drops ownership there. This
# process lives for one document, so annotation and link objects are simply
# kept alive until it ends (os._exit, without tearing anything down).
_KEPT = []


def _keep_erase(self):
    _KEPT.append(self)
    try:
        self.parent._forget_annot(self)
    except Exception:
        pass
    self.parent = None


for _cls in (fitz.Annot, fitz.Link):
    _cls._erase = _keep_erase
    _cls.__del__ = lambda self: _KEPT.append(self)

# Longest term the reference accepts; longer lines are dropped, as there.
MAX_TERM_LENGTH = 4096

EVERYWHERE = fitz.Rect(-1e6, -1e6, 1e6, 1e6)

# A removal box covers only the middle of the matched characters' boxes: MuPDF
# removes a glyph when its box, shrunk by a tenth on each side, touches a
# redaction at all, and neighbouring characters' and lines' boxes touch or
# overlap the match's. Over the middle, only the matched glyphs are hit.
CORE_ALONG = 0.25
CORE_ACROSS = 0.35


class Refusal(Exception):
    """A problem with the request or the document, answered as JSON with exit code 2."""

    def __init__(self, **answer):
        super().__init__(answer.get("error"))
        self.answer = answer


def finish(answer, code):
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()
    os._exit(code)


# ------------------------------------------------------------------ patterns

_LINE_BREAK = r"(?:\r\n|[\n\x0b\f\r\x85\u2028\u2029])"


# Java's inline flags; d (Unix lines) and U (Unicode classes, already the case here) have no equivalent.
_INLINE_FLAGS = regex.compile(r"\(\?([idmsuxU]*)(?:-([idmsuxU]*))?([:)])")


def from_java(pattern, term):
    """Rewrites the Java-only pieces of a pattern in the `regex` module's syntax:
    \\Q...\\E quoting, \\x{h...h}, \\R, \\z, \\Z and the inline flags d and U.
    Nested classes and their intersections ([a-z&&[^aeiou]]) mean something else
    here, so they are refused rather than searched for wrongly."""
    out = []
    depth = 0  # inside how many [ ] classes
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "(" and depth == 0 and pattern.startswith("(?", i):
            flags = _INLINE_FLAGS.match(pattern, i)
            if flags:
                on, off = (flags.group(k) or "" for k in (1, 2))
                on, off = (part.replace("d", "").replace("U", "") for part in (on, off))
                group = "(?" + on + ("-" + off if off else "") + flags.group(3)
                out.append("" if group == "(?)" else "(?:" if group == "(?:" else group)
                i = flags.end()
                continue
        if ch == "[" and depth:
            raise Refusal(error="invalid-pattern", term=term, reason="nested character classes are not supported", unsupported=True)
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif ch == "&" and depth and pattern.startswith("&&", i):
            raise Refusal(error="invalid-pattern", term=term, reason="character class intersections (&&) are not supported", unsupported=True)
        if ch != "\\" or i + 1 >= n:
            out.append(ch)
            i += 1
            continue
        nxt = pattern[i + 1]
        if nxt == "Q":
            end = pattern.find("\\E", i + 2)
            literal = pattern[i + 2 :] if end < 0 else pattern[i + 2 : end]
            out.append(regex.escape(literal))
            i = n if end < 0 else end + 2
        elif nxt == "x" and pattern.startswith("{", i + 2):
            close = pattern.find("}", i + 3)
            digits = pattern[i + 3 : close] if close > 0 else ""
            if not digits or any(c not in "0123456789abcdefABCDEF" for c in digits) or int(digits, 16) > 0x10FFFF:
                out.append(pattern[i : i + 2])  # left for the compiler to refuse
                i += 2
            else:
                out.append(regex.escape(chr(int(digits, 16))))
                i = close + 1
        elif nxt == "R":
            out.append(_LINE_BREAK)
            i += 2
        elif nxt == "z":
            out.append(r"\Z")
            i += 2
        elif nxt == "Z":
            out.append(r"(?=" + _LINE_BREAK + r"?\Z)")
            i += 2
        else:
            out.append(pattern[i : i + 2])
            i += 2
    return "".join(out)


_LEADING_FLAGS = regex.compile(r"^\(\?[a-zA-Z]+\)")


def compile_term(term, use_regex, whole_word):
    source = from_java(term, term) if use_regex else regex.escape(term)
    if whole_word:
        # Flags written first apply to the whole pattern: keep them in front of the wrapper.
        flags = _LEADING_FLAGS.match(source)
        lead = flags.group(0) if flags else ""
        # "Whole word": not touching a letter, digit or underscore on either side.
        source = lead + r"(?<!\w)(?:" + source[len(lead) :] + r")(?!\w)"
    try:
        return regex.compile(source, regex.IGNORECASE | regex.V0)
    except (regex.error, ValueError, OverflowError, RecursionError) as error:
        raise Refusal(error="invalid-pattern", term=term, reason=str(error), unsupported=False)


# ------------------------------------------------------------------ page text

def page_text(page):
    """The page's text as one string (lines joined by newlines) and, per string
    position, the character drawn there as (box, line key, line direction,
    is whitespace), or None for a line break."""
    # All of the page's text, also what lies outside its boxes (hidden, but in the file).
    raw = page.get_text("rawdict", flags=fitz.TEXT_PRESERVE_WHITESPACE, clip=EVERYWHERE)
    parts, where = [], []
    line_key = 0
    for block in raw.get("blocks", []):
        for line in block.get("lines", []):
            line_key += 1
            direction = tuple(line.get("dir", (1, 0)))
            for span in line.get("spans", []):
                for char in span.get("chars", []):
                    text = char.get("c", "")
                    if not text:
                        continue
                    parts.append(text)
                    item = (fitz.Rect(char["bbox"]), line_key, direction, text.isspace())
                    where.extend([item] * len(text))
            parts.append("\n")
            where.append(None)
    return "".join(parts), where


def axis(direction):
    dx, dy = direction
    if abs(dy) < 1e-3:
        return "horizontal"
    if abs(dx) < 1e-3:
        return "vertical"
    return "slanted"


def match_boxes(chars, padding):
    """For the characters of one match on one line: the boxes whose glyphs are
    removed, and the box drawn over them (padded above and below the text)."""
    direction = chars[0][2]
    shown = [c for c in chars if not c[3]] or chars
    fill = fitz.Rect(shown[0][0])
    for c in shown[1:]:
        fill |= c[0]
    kind = axis(direction)
    if kind == "slanted":
        # Boxes of slanted text are upright boxes around slanted glyphs: aim at each glyph's centre.
        cores = []
        for c in shown:
            centre = (c[0].tl + c[0].br) / 2
            cores.append(fitz.Rect(centre.x - 0.01, centre.y - 0.01, centre.x + 0.01, centre.y + 0.01))
        return cores, fitz.Rect(fill.x0 - padding, fill.y0 - padding, fill.x1 + padding, fill.y1 + padding)
    if kind == "horizontal":
        first = min(shown, key=lambda c: c[0].x0)[0]
        last = max(shown, key=lambda c: c[0].x1)[0]
        x0 = first.x0 + CORE_ALONG * first.width
        x1 = last.x1 - CORE_ALONG * last.width
        y0 = fill.y0 + CORE_ACROSS * fill.height
        y1 = fill.y1 - CORE_ACROSS * fill.height
        return [fitz.Rect(x0, y0, max(x0, x1), max(y0, y1))], fitz.Rect(fill.x0, fill.y0 - padding, fill.x1, fill.y1 + padding)
    first = min(shown, key=lambda c: c[0].y0)[0]
    last = max(shown, key=lambda c: c[0].y1)[0]
    y0 = first.y0 + CORE_ALONG * first.height
    y1 = last.y1 - CORE_ALONG * last.height
    x0 = fill.x0 + CORE_ACROSS * fill.width
    x1 = fill.x1 - CORE_ACROSS * fill.width
    return [fitz.Rect(x0, y0, max(x0, x1), max(y0, y1))], fitz.Rect(fill.x0 - padding, fill.y0, fill.x1 + padding, fill.y1)


class Clock:
    """Bounds searching: one term on one page, and all of them together."""

    def __init__(self, per_search, total):
        self.per_search = per_search
        self.total = total
        self.left = total

    def search(self, pattern, text, term, page_number):
        if self.left <= 0:
            raise Refusal(error="search-too-long", seconds=self.total)
        allowed = min(self.per_search, self.left)
        started = time.monotonic()
        try:
            spans = [m.span() for m in pattern.finditer(text, timeout=allowed)]
        except TimeoutError:
            if allowed < self.per_search:
                raise Refusal(error="search-too-long", seconds=self.total)
            raise Refusal(error="pattern-too-complex", term=term, page=page_number, seconds=self.per_search)
        self.left -= time.monotonic() - started
        return spans


def finder(patterns, terms, clock):
    """The terms' matcher for text outside the pages: every match's (start, end), all terms together."""

    def find(text):
        spans = []
        for pattern, term in zip(patterns, terms):
            spans.extend(span for span in clock.search(pattern, text, term, None) if span[1] > span[0])
        return spans

    return find


def find_matches(page, patterns, terms, padding, clock, page_number):
    """Every match of every pattern on the page, as (removal boxes, drawn box) per
    line it touches, and how many matches those are."""
    text, where = page_text(page)
    if not text.strip():
        return [], 0
    found, count = [], 0
    for pattern, term in zip(patterns, terms):
        for start, end in clock.search(pattern, text, term, page_number):
            if end <= start:
                continue
            by_line = {}
            for item in where[start:end]:
                if item is not None:
                    by_line.setdefault(item[1], []).append(item)
            segments = [match_boxes(chars, padding) for chars in by_line.values() if not all(c[3] for c in chars)]
            if segments:
                found.extend(segments)
                count += 1
    return found, count


# ------------------------------------------------------------------ redaction

def drop_marks_over(page, rects):
    """Links, annotations and fields over a redacted box would still show or point
    at what was there (reference §5.4)."""

    def overlaps(rect):
        return any(rect.intersects(box) for box in rects)

    for link in page.get_links():
        if overlaps(fitz.Rect(link["from"])):
            page.delete_link(link)
    for annot in list(page.annots()):
        if overlaps(annot.rect):
            page.delete_annot(annot)
    for widget in list(page.widgets()):
        if overlaps(widget.rect):
            page.delete_widget(widget)


def redact_page(page, found, colour):
    boxes = [box for _, box in found]
    # Deleted first: MuPDF's redaction leaves the page's links out of step with its annotations.
    drop_marks_over(page, boxes)

    for cores, _ in found:
        for core in cores:
            page.add_redact_annot(core, fill=None, cross_out=False)
    # Text only: pictures and drawings under a match stay (the box covers them).
    page.apply_redactions(images=fitz.PDF_REDACT_IMAGE_NONE)

    shape = page.new_shape()
    for box in boxes:
        shape.draw_rect(box)
    shape.finish(color=None, fill=colour, width=0)
    shape.commit(overlay=True)


def rasterised(doc, dpi):
    """A new document of the same pages as shown, each only a picture of itself."""
    out = fitz.open()
    zoom = dpi / 72
    for page in doc:
        width, height = page.rect.width, page.rect.height
        picture = page.get_pixmap(matrix=fitz.Matrix(zoom, zoom), alpha=False, annots=True)
        target = out.new_page(width=width, height=height)
        target.insert_image(target.rect, pixmap=picture)
        picture = None
    info = dict(doc.metadata or {})
    for key in ("format", "encryption"):
        info.pop(key, None)
    out.set_metadata(info)
    return out


def main(request_path):
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)

    terms = [t.strip() for t in request["terms"]]
    terms = [t for t in terms if t and len(t) <= MAX_TERM_LENGTH]
    patterns = [compile_term(t, request["useRegex"], request["wholeWord"]) for t in terms]

    try:
        redact_document(request, patterns, terms)
    except (RuntimeError, MemoryError, pikepdf.PdfError) as error:
        # MuPDF reports what it cannot read in a document as RuntimeError (a
        # page tree with a cycle, a broken stream); MemoryError is the sandbox's
        # memory limit met by a document that inflates without end; pikepdf (qpdf)
        # its own reading errors.
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)


def redact_document(request, patterns, terms):
    colour = tuple(float(c) for c in request["colour"])
    padding = float(request["padding"])
    clock = Clock(float(request["searchSeconds"]), float(request["totalSearchSeconds"]))
    doc = fitz.open(request["input"], filetype="pdf")
    if doc.needs_pass:
        raise Refusal(error="password")
    if doc.page_count == 0:
        # qpdf found pages MuPDF cannot reach (a page tree nested past its limits).
        raise Refusal(error="damaged", reason="MuPDF finds no pages in this document")

    matches = 0
    pages = []
    for page in doc:
        # Text boxes, redactions and drawings in one space, the page's own
        # unrotated one, whatever its /Rotate says (turned back after).
        rotation = page.rotation
        if rotation:
            page.set_rotation(0)
        found, count = find_matches(page, patterns, terms, padding, clock, page.number + 1)
        if found:
            redact_page(page, found, colour)
            matches += count
            pages.append(page.number + 1)
        if rotation:
            page.set_rotation(rotation)

    image = request.get("image")
    result = rasterised(doc, float(image["dpi"])) if image else doc
    # garbage: the replaced content streams, which still hold the text, must not be written.
    redacted = result.tobytes(garbage=3, deflate=True, encryption=fitz.PDF_ENCRYPT_NONE)

    with pikepdf.open(io.BytesIO(redacted)) as pdf:
        sweep = Sweep(pdf, Redactor(finder(patterns, terms, clock))).run()
        if matches or sweep.found:
            clear_metadata(pdf)
        if matches or sweep.changed:
            pdf.save(request["output"], fix_metadata_version=False)
        else:
            with open(request["output"], "wb") as handle:
                handle.write(redacted)
    finish(
        {
            "matches": matches,
            "pages": len(pages),
            "cleared": sorted(sweep.cleared),
            "droppedFiles": sweep.dropped_files,
            "notCleared": sorted(sweep.not_cleared),
        },
        0,
    )


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except Refusal as refusal:
        finish(refusal.answer, 2)
