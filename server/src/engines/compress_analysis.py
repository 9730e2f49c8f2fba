"""What a document holds, for Compress PDF (pdf-compress.py): its streams, where each image is
shown and at what resolution (pages' drawing commands traced, forms and inline images included),
identical streams, and what no page shows (thumbnails, editors' /PieceInfo)."""

import hashlib
import math
import re

from compress_streams import REF, int_key, resolve

TOKEN = re.compile(
    rb"(?P<ws>[\x00\t\n\x0c\r ]+)|(?P<comment>%[^\r\n]*)|(?P<str>\()|(?P<dopen><<)|(?P<dclose>>>)|(?P<hex><[^<>]*>)"
    rb"|(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)|(?P<num>[+-]?(?:\d+\.?\d*|\.\d+))|(?P<op>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)|(?P<other>[\s\S])"
)
STRING_PART = re.compile(rb"[()\\]")
INLINE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")
MAX_FORMS = 2000


def multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def xobjects(doc, holder_xref, key_path):
    """Name (as written in content) → object number of a resource dictionary's XObjects."""
    kind, value = doc.xref_get_key(holder_xref, key_path)
    if kind == "xref":
        value = resolve(doc, value)
    elif kind != "dict":
        return {}
    return {m.group(1).encode("latin-1"): int(m.group(2)) for m in re.finditer(r"/([^\s/\[\]()<>{}%]+)\s*(\d+) 0 R", value)}


def page_xobjects(doc, page):
    """The page's XObjects, its resources inherited from the page tree where it has none."""
    xref = page.xref
    for _ in range(64):
        if doc.xref_get_key(xref, "Resources")[0] != "null":
            return xobjects(doc, xref, "Resources/XObject")
        kind, parent = doc.xref_get_key(xref, "Parent")
        if kind != "xref":
            return {}
        xref = int(parent.split()[0])
    return {}


def placements(doc, page, images):
    """(image, (dpi x, dpi y)) for every time the page's drawing commands show an image, forms followed.

    Reads only the operators that matter (q, Q, cm, Do), skipping strings and
    inline images; nothing is drawn or decoded.
    """
    found = []
    budget = [MAX_FORMS]

    def run(data, ctm, names, stack):
        saved = []
        operands = []
        pos = 0
        end = len(data)
        while pos < end:
            m = TOKEN.match(data, pos)
            kind = m.lastgroup
            pos = m.end()
            if kind == "ws" or kind == "comment":
                continue
            if kind == "str":
                depth = 1
                while depth and pos < end:
                    sm = STRING_PART.search(data, pos)
                    if not sm:
                        pos = end
                        break
                    ch = sm.group()
                    pos = sm.end()
                    if ch == b"\\":
                        pos += 1
                    elif ch == b"(":
                        depth += 1
                    else:
                        depth -= 1
                operands.clear()
                continue
            if kind == "num":
                operands.append(float(m.group()))
                continue
            if kind == "name":
                operands.append(m.group()[1:])
                continue
            if kind != "op":
                continue
            op = m.group()
            if op == b"cm" and len(operands) >= 6 and all(isinstance(v, float) for v in operands[-6:]):
                ctm = multiply(tuple(operands[-6:]), ctm)
            elif op == b"q":
                saved.append(ctm)
            elif op == b"Q":
                if saved:
                    ctm = saved.pop()
            elif op == b"Do" and operands and isinstance(operands[-1], bytes):
                xref = names.get(operands[-1])
                if xref in images:
                    a, b, c, d, _, _ = ctm
                    w = math.hypot(a, b) / 72
                    h = math.hypot(c, d) / 72
                    width = int_key(doc, xref, "Width", 0)
                    height = int_key(doc, xref, "Height", 0)
                    if w > 0 and h > 0 and width and height:
                        found.append((xref, (width / w, height / h)))
                elif xref and xref not in stack and budget[0] > 0 and doc.xref_get_key(xref, "Subtype")[1] == "/Form":
                    budget[0] -= 1
                    kind_m, matrix = doc.xref_get_key(xref, "Matrix")
                    form = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
                    if kind_m == "array":
                        try:
                            form = tuple(float(v) for v in matrix.strip("[] ").split())[:6]
                        except ValueError:
                            pass
                    inner = xobjects(doc, xref, "Resources/XObject") if doc.xref_get_key(xref, "Resources")[0] != "null" else names
                    try:
                        run(doc.xref_stream(xref) or b"", multiply(form, ctm), inner, stack | {xref})
                    except Exception:
                        pass
            elif op == b"BI":
                idm = re.compile(rb"[\x00\t\n\x0c\r ]ID[\x00\t\n\x0c\r ]").search(data, pos)
                if not idm:
                    break
                em = INLINE_END.search(data, idm.end())
                pos = em.end() if em else end
            operands.clear()

    names = page_xobjects(doc, page)
    if not any(x in images for x in names.values()) and not any(doc.xref_get_key(x, "Subtype")[1] == "/Form" for x in names.values()):
        return found
    run(page.read_contents() or b"", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), names, frozenset())
    return found


def pages_of(doc):
    """The pages MuPDF can load (a damaged page tree may hold some it cannot)."""
    for number in range(doc.page_count):
        try:
            yield doc[number]
        except Exception:
            continue


def stream_length(doc, xref):
    """Stored length from /Length, without reading the stream; None when it is not a plain number."""
    kind, value = doc.xref_get_key(xref, "Length")
    return int(value) if kind == "int" else None


def analyse(doc, request):
    min_dedupe = request.get("minDedupeBytes", 256)
    streams = []
    images = {}
    smask_of = {}
    by_length = {}
    for xref in range(1, doc.xref_length()):
        try:
            if not doc.xref_is_stream(xref):
                continue
            kind, subtype = doc.xref_get_key(xref, "Subtype")
            t_kind, typ = doc.xref_get_key(xref, "Type")
            if typ in ("/XRef", "/ObjStm"):
                continue
            size = stream_length(doc, xref)
            if size is None:
                size = len(doc.xref_stream_raw(xref))
        except Exception:
            continue
        entry = {"xref": xref, "size": size}
        if subtype == "/Image":
            entry["image"] = True
            images[xref] = entry
            s_kind, s_value = doc.xref_get_key(xref, "SMask")
            if s_kind == "xref":
                smask_of[int(s_value.split()[0])] = xref
        streams.append(entry)
        if size >= min_dedupe:
            by_length.setdefault(size, []).append(xref)

    # Pages' own content streams: qpdf joins each page's into one and deflates it anew.
    contents = set()
    for page in pages_of(doc):
        try:
            contents.update(page.get_contents())
        except Exception:
            continue
    for entry in streams:
        if entry["xref"] in contents:
            entry["pageContent"] = True

    # Identical streams have identical lengths: only those that share one are read and hashed.
    groups = {}
    dict_text = {}
    for members in by_length.values():
        if len(members) < 2:
            continue
        for xref in members:
            try:
                raw = doc.xref_stream_raw(xref)
                text = doc.xref_object(xref, compressed=True)
            except Exception:
                continue
            # /Length differs with nothing else; an XObject's /Name is obsolete (PDF 1.0) and never read.
            dict_text[xref] = re.sub(r"/Length\s+\d+(\s+\d+\s+R)?|/Name\s*/[^\s/<>\[\]()]*", "", text)
            groups.setdefault(hashlib.sha256(raw).hexdigest(), []).append(xref)

    # Placements: the lowest resolution each image is shown at, per axis.
    for page in pages_of(doc):
        try:
            for xref, (dpi_x, dpi_y) in placements(doc, page, images):
                entry = images[xref]
                entry["dpiX"] = min(entry.get("dpiX", dpi_x), dpi_x)
                entry["dpiY"] = min(entry.get("dpiY", dpi_y), dpi_y)
        except Exception:
            continue
    # A soft mask is shown wherever its image is.
    for mask, parent in smask_of.items():
        if mask not in images:
            continue
        images[mask]["softMask"] = True
        if "dpiX" in images.get(parent, {}):
            pw = int_key(doc, parent, "Width", 0) or 1
            ph = int_key(doc, parent, "Height", 0) or 1
            mw = int_key(doc, mask, "Width", 0) or 1
            mh = int_key(doc, mask, "Height", 0) or 1
            images[mask]["dpiX"] = images[parent]["dpiX"] * mw / pw
            images[mask]["dpiY"] = images[parent]["dpiY"] * mh / ph

    duplicates = find_duplicates(groups, dict_text)
    referrers = {}
    if duplicates:
        wanted = {dup: canon for canon, *dups in duplicates for dup in dups}
        for xref in range(1, doc.xref_length()):
            try:
                text = doc.xref_object(xref, compressed=True)
            except Exception:
                continue
            for m in REF.finditer(text):
                target = int(m.group(1))
                if target in wanted:
                    referrers.setdefault(str(target), []).append(xref)
        for m in REF.finditer(doc.xref_object(-1, compressed=True) or ""):
            if int(m.group(1)) in wanted:
                referrers.setdefault(m.group(1), []).append("trailer")
    return {
        "pages": doc.page_count,
        "streams": streams,
        # Pictures no page's drawing shows (and that mask none): named in resources, or stored, for nothing.
        "undrawnImages": sum(1 for entry in images.values() if "dpiX" not in entry and not entry.get("softMask")),
        "unshown": unshown_entries(doc, images),
        "duplicates": duplicates,
        "referrers": referrers,
        "optionalContent": doc.xref_get_key(doc.pdf_catalog(), "OCProperties")[0] != "null",
    }


def unshown_entries(doc, images):
    """Entries that hold what no page shows: page thumbnails (/Thumb) and editors' private data
    (/PieceInfo) of the catalog, the pages and the images and forms. Answers [{xref, keys}]."""
    found = {}

    def look(xref, keys):
        have = [k for k in keys if doc.xref_get_key(xref, k)[0] != "null"]
        if have:
            found.setdefault(xref, set()).update("/" + k for k in have)

    look(doc.pdf_catalog(), ("PieceInfo",))
    for page in pages_of(doc):
        look(page.xref, ("Thumb", "PieceInfo"))
    for xref in range(1, doc.xref_length()):
        try:
            if xref in images or doc.xref_get_key(xref, "Subtype")[1] == "/Form":
                look(xref, ("PieceInfo",))
        except Exception:
            continue
    return [{"xref": x, "keys": sorted(k)} for x, k in sorted(found.items())]


def find_duplicates(groups, dict_text):
    """Groups of streams with the same bytes and the same dictionary, references followed (rounds until stable)."""
    canonical = {}

    def canon(x):
        while x in canonical:
            x = canonical[x]
        return x

    for _ in range(4):
        merged = False
        for members in groups.values():
            if len(members) < 2:
                continue
            by_dict = {}
            for x in members:
                if canon(x) != x:
                    continue
                text = REF.sub(lambda m: "%d 0 R" % canon(int(m.group(1))), dict_text[x])
                by_dict.setdefault(text, []).append(x)
            for same in by_dict.values():
                for dup in same[1:]:
                    canonical[dup] = same[0]
                    merged = True
        if not merged:
            break
    out = {}
    for dup in canonical:
        out.setdefault(canon(dup), []).append(dup)
    return [[c] + sorted(d) for c, d in sorted(out.items())]
