"""Stream, image and font work for Compress PDF, for server/src/engines/pdf-compress.ts.

Run as `python3 -I -B pdf-compress.py <request.json>` inside the job's sandbox,
always on a file qpdf has already rewritten (decrypted, cross-reference table
repaired), so that MuPDF and qpdf number its objects alike. Nothing here writes
a PDF: each command reads the document and writes new stream data into files
of the job's folder; qpdf then puts them in (its JSON update mode).

  {"command": "compress", "input": "/job/base.pdf", "outputPrefix": "/job/x-",
   "settings": {...}, "workers": 2, "fonts": true}
      Analyses the document (`analyse`), then recodes every stream but the
      duplicates (`work`) in `workers` processes forked from this one, and with
      `fonts` subsets the fonts (`subset_fonts`) in one more. Answers the
      analysis, each stream's outcome, and the fonts subset.

  {"command": "work", "input": ..., "outputPrefix": ..., "tasks": [...],
   "settings": {...}, "workers": 2, "grid": null | [[dpi, quality], ...]}
      Recodes the streams of `tasks`. Without a grid: writes the smaller data of
      each stream that got smaller, and says how to change its dictionary. With
      a grid (the target-size search): writes nothing and answers, for every
      [dpi, quality] point, the size each image would take.

  {"command": "analyse", ...} and {"command": "fonts", ...}: those steps alone.

Settings: level (1-9), dpi and quality (lossy levels), grayscale, threshold
(resample only pictures shown finer than dpi x threshold), lineArt, and the
most bytes one stream may decode to (maxDecodedBytes).

Answers one JSON object on stdout; {"error": "damaged", "reason": ...} with exit
code 2 when MuPDF cannot open the file. Anything going wrong with one stream or
one font leaves that stream or font as it was: a damaged image never fails the
document, and a worker that dies leaves only its share as it was.
"""

import hashlib
import io
import json
import math
import os
import re
import struct
import logging
import sys
import zlib

import fitz
from PIL import Image, ImageChops, ImageFilter

# fontTools reports each table it drops on stderr.
logging.getLogger("fontTools").setLevel(logging.ERROR)

fitz.TOOLS.mupdf_display_errors(False)
fitz.TOOLS.mupdf_display_warnings(False)

# ---------------------------------------------------------------- small helpers

FLATE = "/FlateDecode"
DCT = "/DCTDecode"
# Filters whose output MuPDF hands over as plain samples (xref_stream).
DECODABLE = {FLATE, "/LZWDecode", "/ASCII85Decode", "/ASCIIHexDecode", "/RunLengthDecode", DCT, "/Fl", "/LZW", "/A85", "/AHx", "/RL", "/DCT"}

REF = re.compile(r"(\d+) 0 R\b")
# Pictures of fewer pixels are never stored as JPEG at the lossy levels.
MIN_JPEG_PIXELS = 128 * 128


class Limits:
    """Set from the request: most bytes one image or stream may decode to."""

    decoded = 512 * 1024 * 1024


def int_key(doc, xref, name, default=None):
    kind, value = doc.xref_get_key(xref, name)
    if kind == "int":
        return int(value)
    if kind == "float":
        return int(float(value))
    if kind == "xref":
        try:
            return int(doc.xref_object(int(value.split()[0])).strip())
        except Exception:
            return default
    return default


def bool_key(doc, xref, name):
    kind, value = doc.xref_get_key(xref, name)
    return kind == "bool" and value == "true"


def filters_of(doc, xref):
    kind, value = doc.xref_get_key(xref, "Filter")
    if kind == "null":
        return []
    if kind == "name":
        return [value]
    if kind == "array":
        return re.findall(r"/[A-Za-z0-9]+", value)
    return None  # indirect or odd: leave the stream alone


# Filters that code pictures: the last of a chain; the filters before it only wrap its data.
IMAGE_FILTERS = {DCT, "/DCT", "/JPXDecode", "/JBIG2Decode", "/CCITTFaxDecode", "/CCF"}


def wrapped(filters):
    """A chain such as [/ASCII85Decode /DCTDecode]: filters wrapping a picture coding (ReportLab writes JPEGs so)."""
    return bool(filters) and len(filters) > 1 and filters[-1] in IMAGE_FILTERS and all(f in DECODABLE for f in filters[:-1])


def ends_in_jpeg(filters):
    return bool(filters) and filters[-1] in (DCT, "/DCT") and (len(filters) == 1 or wrapped(filters))


def unwrapped(doc, xref, filters):
    """The stream's data with the wrapping filters undone (for [/ASCII85Decode /DCTDecode], the JPEG), or None.

    MuPDF decodes a chain only whole, so the stream's dictionary is changed in
    memory for one read (this process never saves the document) and then put back.
    """
    if len(filters) == 1:
        return doc.xref_stream_raw(xref)
    f_kind, f_value = doc.xref_get_key(xref, "Filter")
    p_kind, p_value = doc.xref_get_key(xref, "DecodeParms")
    parms = None
    if p_kind == "array":
        parts = re.findall(r"<<.*?>>|null|\d+ 0 R", p_value[1:-1])
        if len(parts) != len(filters):
            return None
        parms = "[%s]" % " ".join(parts[:-1])
    elif p_kind not in ("null",):
        return None
    try:
        doc.xref_set_key(xref, "Filter", "[%s]" % " ".join(filters[:-1]))
        doc.xref_set_key(xref, "DecodeParms", parms or "null")
        data = doc.xref_stream(xref)
    except Exception:
        data = None
    finally:
        doc.xref_set_key(xref, "Filter", f_value)
        doc.xref_set_key(xref, "DecodeParms", p_value if p_kind != "null" else "null")
    if data is None or len(data) > Limits.decoded:
        return None
    return data


def resolve(doc, text):
    """The object text behind '12 0 R', else the text itself."""
    m = re.fullmatch(r"\s*(\d+) 0 R\s*", text)
    if m:
        try:
            return doc.xref_object(int(m.group(1)), compressed=True)
        except Exception:
            return text
    return text


def colour_space(doc, xref):
    """(family, components, text): family one of gray, rgb, cmyk, indexed, other, none."""
    kind, value = doc.xref_get_key(xref, "ColorSpace")
    if kind == "null":
        return "none", 0, ""
    text = resolve(doc, value) if kind == "xref" else value
    text = text.strip()
    name = text
    if text.startswith("["):
        inner = text[1:].strip()
        name = re.match(r"/[A-Za-z0-9]+", inner)
        name = name.group(0) if name else ""
        if name == "/ICCBased":
            ref = REF.search(inner)
            n = None
            if ref:
                n = int_key(doc, int(ref.group(1)), "N")
            return {1: "gray", 3: "rgb", 4: "cmyk"}.get(n, "other"), n or 0, text
        if name in ("/CalGray",):
            return "gray", 1, text
        if name in ("/CalRGB",):
            return "rgb", 3, text
        if name in ("/Indexed", "/I"):
            return "indexed", 1, text
        return "other", 0, text
    if name in ("/DeviceGray", "/G", "/CalGray"):
        return "gray", 1, text
    if name in ("/DeviceRGB", "/RGB", "/CalRGB"):
        return "rgb", 3, text
    if name in ("/DeviceCMYK", "/CMYK"):
        return "cmyk", 4, text
    return "other", 0, text


def default_decode(doc, xref, components):
    """True when the image has no /Decode or the one that changes nothing."""
    kind, value = doc.xref_get_key(xref, "Decode")
    if kind == "null":
        return True
    try:
        numbers = [float(v) for v in value.strip("[] ").split()]
    except ValueError:
        return False
    return numbers == [0.0, 1.0] * components


def inflate(raw, limit):
    """Inflates zlib data, or None when it is damaged or would pass `limit` bytes."""
    try:
        d = zlib.decompressobj()
        out = d.decompress(raw, limit + 1)
        if len(out) > limit or d.unconsumed_tail:
            return None
        out += d.flush()
        return out
    except zlib.error:
        return None


def deflate(data):
    # Level 9 gains a fraction of a percent over 6 on large streams at twice the time.
    c = zlib.compressobj(9 if len(data) <= 512 * 1024 else 6, zlib.DEFLATED, 15, 9)
    return c.compress(data) + c.flush()


# ---------------------------------------------------------------- analyse


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


# ---------------------------------------------------------------- images


class Candidate:
    def __init__(self, data, changes, lossy=False):
        self.data = data
        self.changes = changes  # dictionary changes, see `work`
        self.lossy = lossy


def png_parts(img, **options):
    """Saves `img` as PNG and answers (IHDR fields, PLTE bytes, zlib data of the filtered rows)."""
    buf = io.BytesIO()
    # zlib's best effort costs three times its default on large pictures for a percent or two.
    if img.width * img.height > 4_000_000:
        img.save(buf, "PNG", compress_level=6, **options)
    else:
        img.save(buf, "PNG", optimize=True, **options)
    data = buf.getvalue()
    pos = 8
    idat = []
    plte = b""
    ihdr = None
    while pos < len(data):
        length, ctype = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if ctype == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif ctype == b"PLTE":
            plte = body
        elif ctype == b"IDAT":
            idat.append(body)
        pos += 12 + length
    return ihdr, plte, b"".join(idat)


def png_candidate(img, colours):
    """Flate with PNG predictors, as PNG stores rows: often far smaller than plain Flate for pictures."""
    ihdr, _, stream = png_parts(img)
    bits = ihdr[2]
    parms = {"/Predictor": 15, "/Colors": colours, "/BitsPerComponent": bits, "/Columns": img.width}
    return Candidate(stream, {"Filter": FLATE, "DecodeParms": parms, "BitsPerComponent": bits, "Width": img.width, "Height": img.height})


def g4_candidate(img):
    """CCITT Group 4 for a 1-bit image, as fax machines and scanners store black and white."""
    buf = io.BytesIO()
    # One strip: PDF's CCITT filter takes one coded picture, and Pillow would cut it into 64 KB strips.
    img.save(buf, "TIFF", compression="group4", strip_size=1 << 30)
    data = buf.getvalue()
    endian = "<" if data[:2] == b"II" else ">"
    (ifd,) = struct.unpack(endian + "I", data[4:8])
    (count,) = struct.unpack(endian + "H", data[ifd : ifd + 2])
    tags = {}
    for i in range(count):
        base = ifd + 2 + 12 * i
        tag, typ, n = struct.unpack(endian + "HHI", data[base : base + 8])
        raw = data[base + 8 : base + 12]
        if n == 1:
            value = struct.unpack(endian + ("H" if typ == 3 else "I"), raw[: 2 if typ == 3 else 4])[0]
            tags[tag] = value
        else:
            tags[tag] = None
    offset, length, photometric = tags.get(273), tags.get(279), tags.get(262, 0)
    if offset is None or length is None:
        return None
    # Pillow writes its "1" pictures (0 black, 1 white) as min-is-black; PDF's
    # CCITT filter gives back those same bits only with /BlackIs1 (the tests
    # check the result pixel for pixel against Poppler's decoding).
    parms = {"/K": -1, "/Columns": img.width, "/Rows": img.height}
    if photometric == 1:
        parms["/BlackIs1"] = True
    return Candidate(data[offset : offset + length], {"Filter": "/CCITTFaxDecode", "DecodeParms": parms, "BitsPerComponent": 1, "Width": img.width, "Height": img.height})


def jpeg_candidate(img, quality, cmyk):
    buf = io.BytesIO()
    if cmyk:
        # PIL stores CMYK inverted (Adobe's habit); PDF readers show the stored values, so hand it them inverted.
        img = ImageChops.invert(img)
    options = {"quality": quality, "optimize": True, "progressive": True}
    if img.mode == "RGB":
        options["subsampling"] = 0 if quality >= 90 else 2
    img.save(buf, "JPEG", **options)
    return Candidate(buf.getvalue(), {"Filter": DCT, "DecodeParms": None, "BitsPerComponent": 8}, lossy=True)


def exact_palette(img):
    """(the image as palette indices, number of colours) when it has at most 256 colours, else None."""
    colours = img.getcolors(256)
    if colours is None:
        return None
    palette = Image.new("P", (1, 1))
    flat = []
    for _, c in colours:
        flat.extend(c if isinstance(c, tuple) else (c, c, c))
    flat.extend(flat[-3:] * (256 - len(colours)))
    palette.putpalette(flat)
    indexed = img.quantize(palette=palette, dither=Image.Dither.NONE)
    if ImageChops.difference(indexed.convert("RGB"), img.convert("RGB")).getbbox() is not None:
        return None
    # Keep only the colours used (and any padding entry an index landed on), so the fewest bits per index do.
    count = max(len(colours), indexed.getextrema()[1] + 1)
    indexed.putpalette(flat[: 3 * count])
    return indexed, count


def palette_candidate(indexed, grey, entries):
    """Palette indices with PNG predictors under an /Indexed colour space of `entries` colours."""
    bits = 8
    for b in (1, 2, 4):
        if entries <= 1 << b:
            bits = b
            break
    ihdr, plte, stream = png_parts(indexed, bits=bits)
    colours = min(entries, len(plte) // 3)
    if grey:
        table = bytes(plte[3 * i] for i in range(colours))  # already grey: r = g = b
    else:
        table = plte
    parms = {"/Predictor": 15, "/Colors": 1, "/BitsPerComponent": ihdr[2], "/Columns": indexed.width}
    return Candidate(
        stream,
        {"Filter": FLATE, "DecodeParms": parms, "BitsPerComponent": ihdr[2], "Width": indexed.width, "Height": indexed.height, "Indexed": {"hival": colours - 1, "palette": table.hex(), "grey": grey}, "Decode": None},
    )


def decode_samples(doc, xref, width, height, components, bpc):
    """The image's samples as PDF defines them (filters undone, nothing else), or None."""
    row = (width * components * bpc + 7) // 8
    expected = row * height
    if expected <= 0 or expected > Limits.decoded:
        return None
    data = doc.xref_stream(xref)
    if data is None or len(data) < expected:
        return None
    return data[:expected]


def to_image(samples, width, height, family, components, bpc):
    if bpc == 16:
        samples = samples[0::2]
        bpc = 8
    if bpc == 1 and components == 1:
        return Image.frombytes("1", (width, height), samples)
    if bpc != 8:
        return None
    mode = {1: "L", 3: "RGB", 4: "CMYK"}.get(components)
    if mode is None:
        return None
    return Image.frombytes(mode, (width, height), samples)


def line_art_colours(img):
    """The colours of a picture of few (charts, screenshots, logos: line art), or None for a photograph or scan.
    Grey pictures always have at most 256 levels: line art uses few of them."""
    if img.mode == "L":
        levels = img.getcolors(256)
        return levels if len(levels) <= 64 else None
    if img.mode == "RGB":
        return img.getcolors(256)
    return None


def target_size(width, height, entry, dpi, threshold):
    """Pixel size for showing at `dpi`, when the image is shown finer than `dpi` × threshold."""
    if not dpi or "dpiX" not in entry:
        return width, height
    dx, dy = entry["dpiX"], entry["dpiY"]
    if abs(dx - dy) <= 0.05 * max(dx, dy):
        # Shown in proportion (give or take rounding): one scale for both axes keeps the pixel grid square.
        dx = dy = min(dx, dy)
    sx = dpi / dx if dx > dpi * threshold else 1.0
    sy = dpi / dy if dy > dpi * threshold else 1.0

    def snap(scale, pixels):
        # Nearly a whole fraction (300 to 150 dpi): exactly that fraction, so output pixels sit on input pixels.
        k = round(1 / scale)
        if k >= 2 and abs(1 / scale - k) <= 0.02 * k:
            return -(-pixels // k)
        return max(1, round(pixels * min(1.0, scale)))

    return snap(sx, width), snap(sy, height)


def resample(img, size):
    """`img` at `size`, never enlarged, nor resampled for a few percent (a pixel's rounding would blur it all).
    Bicubic: of the filters tried, the closest to the original as pages are viewed."""
    if img.width <= size[0] * 1.03 and img.height <= size[1] * 1.03:
        return img
    if img.mode == "1":
        img = img.convert("L")
    return img.resize(size, Image.BICUBIC, reducing_gap=3.0)


class ImageJob:
    """One image: what it is, and the candidates it may be stored as."""

    def __init__(self, doc, entry, settings):
        self.doc = doc
        self.entry = entry
        self.settings = settings
        xref = entry["xref"]
        self.xref = xref
        self.raw_size = entry["size"]
        self.width = int_key(doc, xref, "Width", 0)
        self.height = int_key(doc, xref, "Height", 0)
        self.mask = bool_key(doc, xref, "ImageMask")
        self.bpc = 1 if self.mask else int_key(doc, xref, "BitsPerComponent", 8)
        self.family, self.components, _ = colour_space(doc, xref) if not self.mask else ("gray", 1, "")
        if self.mask:
            self.components = 1
        self.filters = filters_of(doc, xref)
        m_kind, _ = doc.xref_get_key(xref, "Mask")
        self.colour_key = m_kind == "array"
        self.plain_decode = default_decode(doc, xref, max(1, self.components)) if not self.mask else True
        s_kind, s_value = doc.xref_get_key(xref, "SMask")
        self.matte = False
        if s_kind == "xref":
            self.matte = doc.xref_get_key(int(s_value.split()[0]), "Matte")[0] != "null"
        self.soft_mask = entry.get("softMask", False)
        self.has_matte = doc.xref_get_key(xref, "Matte")[0] != "null"
        self.samples = None
        self.image = None
        self._jpeg = False

    def jpeg(self):
        """The JPEG data of a DCT image, its wrapping filters undone; None when it is not one or cannot be read."""
        if self._jpeg is False:
            self._jpeg = unwrapped(self.doc, self.xref, self.filters) if ends_in_jpeg(self.filters) else None
        return self._jpeg

    def decodable(self):
        if ends_in_jpeg(self.filters):
            # A JPEG cut short decodes to grey in one reader and to its first rows in another: left as it is.
            jpeg = self.jpeg()
            if jpeg is None or b"\xff\xd9" not in jpeg[-256:]:
                return False
        return (
            self.filters is not None
            and all(f in DECODABLE for f in self.filters)
            and self.width > 0
            and self.height > 0
            and self.bpc in (1, 2, 4, 8, 16)
            and self.family != "other"
            and not (self.family == "none" and not self.mask)
        )

    def load(self, want=None):
        """The image's pixels; with `want` (a size), a JPEG may be decoded straight at a fraction of its size (DCT scaling)."""
        cached = self.image
        if cached is not None and (cached.size == (self.width, self.height) or (want and cached.width >= want[0] * 2 and cached.height >= want[1] * 2)):
            return cached
        if not self.decodable():
            return None
        if want and want != (self.width, self.height) and ends_in_jpeg(self.filters) and self.components in (1, 3) and self.bpc == 8:
            if self.doc.xref_get_key(self.xref, "DecodeParms")[0] == "null" and self.jpeg() is not None:
                try:
                    img = Image.open(io.BytesIO(self.jpeg()))
                    mode = "L" if self.components == 1 else "RGB"
                    # The decoder's own scaling down to twice the size wanted; resampling does the rest.
                    img.draft(mode, (want[0] * 2, want[1] * 2))
                    img.load()
                    if img.mode == mode and img.width >= want[0] and img.height >= want[1]:
                        self.image = img
                        return img
                except Exception:
                    pass
        components = 1 if self.family == "indexed" else self.components
        samples = decode_samples(self.doc, self.xref, self.width, self.height, components, self.bpc)
        if samples is None:
            return None
        if self.family == "indexed":
            self.image = to_image(samples, self.width, self.height, "gray", 1, self.bpc) if self.bpc == 8 else None
        else:
            self.image = to_image(samples, self.width, self.height, self.family, self.components, self.bpc)
        return self.image

    # -- candidates

    def lossless(self):
        """Same samples, better stored."""
        out = []
        img = self.load()
        if img is None:
            return out
        if img.mode == "1" and self.bpc == 1:
            g4 = g4_candidate(img)
            if g4:
                out.append(g4)
            out.append(png_candidate(img, 1))
        elif self.bpc == 8 and img.mode in ("L", "RGB") and self.family != "indexed":
            out.append(png_candidate(img, self.components))
            if img.mode == "RGB" and self.plain_decode and self.family == "rgb":
                exact = exact_palette(img)
                if exact is not None:
                    out.append(palette_candidate(exact[0], False, exact[1]))
        elif self.bpc == 8 and self.family == "indexed":
            out.append(png_candidate(img, 1))
        return out

    def lossy_ok(self):
        return (
            not self.mask
            and not self.colour_key
            and not self.matte
            and self.plain_decode
            and self.family in ("gray", "rgb", "cmyk")
            and self.bpc in (8, 16)
        )

    def lossy(self, dpi, quality):
        """Resampled to `dpi` where shown finer, then JPEG for photographs; line art and masks stay exact."""
        threshold = self.settings.get("threshold", 1.1)
        size = target_size(self.width, self.height, self.entry, dpi, threshold)
        img = self.load(size)
        if img is None:
            return []
        if self.soft_mask and img.mode == "L":
            # Soft masks stay lossless (JPEG's ringing shows along transparent edges), only smaller; one
            # with /Matte must keep its image's size (PDF 11.6.5.3), and its image is never resampled.
            if self.has_matte:
                return []
            return [png_candidate(resample(img, size), 1)] if size != img.size else []
        if not self.lossy_ok() or line_art_colours(img) is not None:
            # Line art (charts, screenshots): JPEG would smear its edges; it stays exact.
            return []
        if self.width * self.height < MIN_JPEG_PIXELS:
            # A small picture (often stretched: a background, a gradient) gains few bytes, and its 8×8
            # JPEG blocks, drawn large, show (a 48×32 picture over a page lost 15 dB so).
            return []
        work = resample(img, size)
        cand = jpeg_candidate(work, quality, work.mode == "CMYK")
        cand.changes["Width"], cand.changes["Height"] = work.size
        return [cand]

    def wants_grey(self):
        return bool(self.settings.get("grayscale")) and not self.mask and not self.colour_key and not self.soft_mask and self.family in ("rgb", "cmyk", "indexed", "none")

    def grey_source(self):
        """The picture as it looks in grey ('L'), /Decode inversions applied; None when that cannot be known."""
        if self.filters in (["/JPXDecode"], ["/JPX"]):
            # JPEG 2000 carries its own colour description: MuPDF decodes it, colours and all.
            try:
                pix = fitz.Pixmap(self.doc, self.xref)
                if pix.alpha or pix.n < 3 or not self.plain_decode:
                    return None
                grey = fitz.Pixmap(fitz.csGRAY, pix)
                return Image.frombytes("L", (grey.width, grey.height), grey.samples)
            except Exception:
                return None
        if self.family in ("rgb", "cmyk") and (self.plain_decode or self.inverted_decode()):
            img = self.load()
            if img is None or img.mode not in ("RGB", "CMYK"):
                return None
            if not self.plain_decode:
                img = ImageChops.invert(img)
            return img.convert("RGB").convert("L") if img.mode == "CMYK" else img.convert("L")
        return None

    def inverted_decode(self):
        kind, value = self.doc.xref_get_key(self.xref, "Decode")
        try:
            return kind == "array" and [float(v) for v in value.strip("[] ").split()] == [1.0, 0.0] * self.components
        except ValueError:
            return False

    def grey_palette(self):
        """An /Indexed picture's palette turned grey: (grey levels, number of entries), or None."""
        if self.family != "indexed" or self.bpc != 8 or not self.plain_decode:
            return None
        _, _, text = colour_space(self.doc, self.xref)
        m = re.match(r"\[\s*/(?:Indexed|I)\s*(/\w+|\[[^\]]*\]|\d+ 0 R)\s*(\d+)\s*(<[0-9A-Fa-f\s]*>|\d+ 0 R)\s*\]$", text)
        if not m:
            return None
        base, hival, lookup = m.groups()
        base = resolve(self.doc, base).strip()
        n = 3 if ("RGB" in base or re.search(r"/N 3\b", base)) else 4 if "CMYK" in base else 0
        if "/ICCBased" in base:
            ref = REF.search(base)
            n = int_key(self.doc, int(ref.group(1)), "N", 0) if ref else 0
        if n not in (3, 4):
            return None
        if lookup.startswith("<"):
            table = bytes.fromhex(re.sub(r"\s", "", lookup[1:-1]))
        else:
            table = self.doc.xref_stream(int(lookup.split()[0])) or b""
        count = int(hival) + 1
        if len(table) < count * n:
            return None
        swatch = Image.frombytes("RGB" if n == 3 else "CMYK", (count, 1), table[: count * n])
        return swatch.convert("RGB").convert("L").tobytes(), count

    def grey(self, level, dpi, quality):
        """Candidates in grey, for greyscale on request: exact, and JPEG for photographs at the lossy levels."""
        palette = self.grey_palette()
        if palette is not None:
            img = self.load()
            if img is None:
                return []
            levels, count = palette
            indexed = Image.frombytes("P", img.size, img.tobytes())
            indexed.putpalette(b"".join(bytes((g, g, g)) for g in levels))
            return [palette_candidate(indexed, True, count)]
        source = self.grey_source()
        if source is None:
            return []
        cand = png_candidate(source, 1)
        cand.changes["ColorSpace"] = "/DeviceGray"
        cands = [cand]
        if level >= 4 and dpi and line_art_colours(source) is None:
            size = target_size(self.width, self.height, self.entry, dpi, self.settings.get("threshold", 1.1))
            work = resample(source, size)
            jpeg = jpeg_candidate(work, quality, False)
            jpeg.changes.update({"Width": work.width, "Height": work.height, "ColorSpace": "/DeviceGray"})
            cands.append(jpeg)
        return cands


def flate_recompress(doc, xref, raw):
    """A Flate stream deflated harder, its predictor kept."""
    data = inflate(raw, Limits.decoded)
    if data is None:
        return None
    return Candidate(deflate(data), {})


def line_art(job):
    """The picture as black-and-white line art (the reference's lineArt): edges brought out, then a threshold; CCITT G4."""
    if not job.lossy_ok() or job.soft_mask:
        return None
    img = job.load()
    if img is None:
        return None
    options = job.settings["lineArt"]
    grey = img.convert("RGB").convert("L") if img.mode == "CMYK" else img.convert("L")
    edge = int(options.get("edgeLevel", 1))
    if edge >= 2:
        grey = grey.filter(ImageFilter.EDGE_ENHANCE if edge == 2 else ImageFilter.EDGE_ENHANCE_MORE)
    cut = max(0, min(255, round(255 * float(options.get("threshold", 55)) / 100)))
    bw = grey.point(lambda v: 255 if v >= cut else 0).convert("1")
    cand = g4_candidate(bw)
    if cand is None:
        return None
    cand.changes.update({"ColorSpace": "/DeviceGray", "Width": bw.width, "Height": bw.height})
    cand.lossy = True
    return cand


def best_for(job, raw, filters, level, dpi, quality):
    """The smallest way to store one image at these settings, or None to keep it."""
    if job.settings.get("lineArt"):
        drawn = line_art(job)
        if drawn is not None:
            return drawn
    if job.wants_grey():
        # Greyscale on request is not a matter of size: the smallest grey form, even if larger.
        greys = job.grey(level, dpi, quality)
        if greys:
            return min(greys, key=lambda c: len(c.data))
    lossy = job.lossy(dpi, quality) if level >= 4 and dpi else []
    cands = list(lossy)
    # A photograph with a JPEG candidate needs no lossless one (it would be far larger); a JPEG
    # stays smaller as JPEG (jpegtran squeezes it without loss, outside).
    if not any(c.lossy for c in lossy):
        if filters == [FLATE] and raw is not None:
            c = flate_recompress(job.doc, job.xref, raw)
            if c:
                cands.append(c)
        if level >= 2 and not ends_in_jpeg(filters):
            cands.extend(job.lossless())
        if wrapped(filters):
            # The picture's own coding alone: the wrapping (ASCII85 grows data by a quarter) goes.
            inner = job.jpeg() if ends_in_jpeg(filters) else unwrapped(job.doc, job.xref, filters)
            if inner is not None:
                cands.append(Candidate(inner, {"Unwrap": True}))

    cands = [c for c in cands if len(c.data) < job.raw_size]
    return min(cands, key=lambda c: len(c.data)) if cands else None


def work(doc, tasks, settings, prefix, grid=None):
    """Recodes `tasks` (one share of the work, in this process)."""
    Limits.decoded = settings.get("maxDecodedBytes", Limits.decoded)
    level = settings["level"]
    results = []
    sizes = []
    for task in tasks:
        xref = task["xref"]
        try:
            raw = doc.xref_stream_raw(xref)
            filters = filters_of(doc, xref)
            if not task.get("image"):
                if filters == [FLATE] and not grid:
                    c = flate_recompress(doc, xref, raw)
                    if c and len(c.data) < len(raw):
                        results.append(write(prefix, xref, c, len(raw)))
                continue
            job = ImageJob(doc, task, settings)
            if grid:
                lossless = best_for(job, raw, filters, min(level, 3), None, None)
                base = len(lossless.data) if lossless else len(raw)
                row = []
                for dpi, quality in grid:
                    c = best_for(job, raw, filters, 9, dpi, quality)
                    row.append(min(base, len(c.data)) if c else base)
                sizes.append({"xref": xref, "size": len(raw), "base": base, "sizes": row})
            else:
                c = best_for(job, raw, filters, level, settings.get("dpi"), settings.get("quality"))
                unwrapped_jpeg = c is not None and c.changes.get("Unwrap") and ends_in_jpeg(filters)
                if c is not None and not (unwrapped_jpeg and level >= 2):
                    results.append(write(prefix, xref, c, len(raw)))
                elif ends_in_jpeg(filters) and level >= 2 and job.jpeg() is not None and len(job.jpeg()) >= settings.get("minJpegtranBytes", 8192):
                    # Kept as JPEG: offered to jpegtran, unwrapped from its other filters if it had any.
                    path = "%s%d.jpg" % (prefix, xref)
                    with open(path, "wb") as f:
                        f.write(job.jpeg())
                    results.append({"xref": xref, "jpeg": True, "file": path, "size": len(raw), "unwrapped": len(filters) > 1})
                elif c is not None:
                    results.append(write(prefix, xref, c, len(raw)))
        except Exception as error:  # one damaged stream never fails the document
            results.append({"xref": xref, "skipped": str(error)[:200]})
    return {"results": results, "sizes": sizes}


def shares(tasks, count):
    """Tasks shared out between `count` processes, largest first to the least loaded."""
    count = max(1, min(count, len(tasks)))
    loads = [[0, []] for _ in range(count)]
    for task in sorted(tasks, key=lambda t: -t["size"]):
        lightest = min(loads, key=lambda load: load[0])
        lightest[0] += task["size"] * (4 if task.get("image") else 1)
        lightest[1].append(task)
    return [items for _, items in loads if items]


def in_parallel(path, jobs, prefix):
    """Runs each job (a function of an open document) in a process of its own, forked from this one.

    Each child opens the document afresh and writes its answer to a file; a
    child that dies (a decoder crashing on a damaged picture) answers None, and
    only its share is left as it was.
    """
    if len(jobs) == 1:
        return [jobs[0](fitz.open(path))]
    children = []
    for index, job in enumerate(jobs):
        out = "%sresult-%d.json" % (prefix, index)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                answer = job(fitz.open(path))
                with open(out, "w") as f:
                    json.dump(answer, f)
                code = 0
            finally:
                os._exit(code)
        children.append((pid, out))
    answers = []
    for pid, out in children:
        _, status = os.waitpid(pid, 0)
        try:
            with open(out) as f:
                answers.append(json.load(f) if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else None)
            os.remove(out)
        except (OSError, ValueError):
            answers.append(None)
    return answers


def recode(path, tasks, settings, prefix, workers, grid=None, fonts=None):
    """`work` over all tasks in `workers` processes, and font subsetting in one more when `fonts` is a request."""
    parts = shares(tasks, workers) if tasks else []
    jobs = [lambda d, part=part, i=i: work(d, part, settings, "%s%d-" % (prefix, i), grid) for i, part in enumerate(parts)]
    if fonts is not None:
        jobs.append(lambda d: subset_fonts(d, fonts))
    answers = in_parallel(path, jobs, prefix) if jobs else []
    results, sizes, subset = [], [], []
    for part, answer in zip(parts, answers):
        if answer is None:
            results.extend({"xref": t["xref"], "skipped": "worker failed"} for t in part)
        else:
            results.extend(answer["results"])
            sizes.extend(answer["sizes"])
    if fonts is not None and answers and answers[-1] is not None:
        subset = answers[-1].get("fonts", [])
    return {"results": results, "sizes": sizes, "fonts": subset}


def write(prefix, xref, cand, old_size):
    path = "%s%d.bin" % (prefix, xref)
    with open(path, "wb") as f:
        f.write(cand.data)
    return {"xref": xref, "file": path, "size": old_size, "newSize": len(cand.data), "changes": cand.changes, "lossy": cand.lossy}


# ---------------------------------------------------------------- fonts


def subset_fonts(doc, request):
    """`subset_font_programs`, or none at all when the document is too damaged to tell what its pages show."""
    try:
        return subset_font_programs(doc, request)
    except Exception as error:
        return {"fonts": [], "reason": str(error)[:200]}


def subset_font_programs(doc, request):
    """Subsets embedded TrueType fonts where that cannot change what any page shows.

    A font qualifies when it is embedded whole (no ABCDEF+ tag) as FontFile2,
    either a simple TrueType font or a CIDFontType2 under an Identity-H/V Type0
    font with the identity CID-to-glyph map; when no form, annotation, pattern
    or Type 3 glyph uses it (their text is not in the page's drawing commands
    MuPDF traces, and a form needs every glyph to type new values); when the
    document has no optional content (hidden layers' text is not traced); and
    when it has no CIDSet (PDF/A). The glyphs kept are those every page's
    drawing commands show with it, traced by MuPDF, by their glyph ids;
    fontTools keeps glyph ids as they were, so nothing else changes.
    """
    try:
        from fontTools import subset as ft_subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return {"fonts": [], "reason": "fontTools is not installed"}
    prefix = request["outputPrefix"]
    if doc.xref_get_key(doc.pdf_catalog(), "OCProperties")[0] != "null":
        return {"fonts": [], "reason": "optional content"}

    excluded = excluded_fonts(doc)
    same = {dup: group[0] for group in request.get("duplicates", []) for dup in group[1:]}
    candidates = {}  # font file xref -> info
    for xref in range(1, doc.xref_length()):
        try:
            if doc.xref_get_key(xref, "Type")[1] != "/Font":
                continue
            subtype = doc.xref_get_key(xref, "Subtype")[1]
            base = doc.xref_get_key(xref, "BaseFont")[1]
        except Exception:
            continue
        if re.match(r"/[A-Z]{6}\+", base or ""):
            continue
        descendant = None
        if subtype == "/Type0":
            enc = doc.xref_get_key(xref, "Encoding")[1]
            if enc not in ("/Identity-H", "/Identity-V"):
                continue
            df_kind, df = doc.xref_get_key(xref, "DescendantFonts")
            refs = REF.findall(resolve(doc, df) if df_kind == "xref" else df)
            if len(refs) != 1:
                continue
            descendant = int(refs[0])
            if doc.xref_get_key(descendant, "Subtype")[1] != "/CIDFontType2":
                continue
            c_kind, c_value = doc.xref_get_key(descendant, "CIDToGIDMap")
            if c_kind not in ("null",) and c_value != "/Identity":
                continue
            holder = descendant
        elif subtype == "/TrueType":
            holder = xref
        else:
            continue
        fd_kind, fd = doc.xref_get_key(holder, "FontDescriptor")
        if fd_kind != "xref":
            continue
        descriptor = int(fd.split()[0])
        ff_kind, ff = doc.xref_get_key(descriptor, "FontFile2")
        if ff_kind != "xref" or doc.xref_get_key(descriptor, "CIDSet")[0] != "null":
            continue
        # Identical copies of one program (merged files) are one font here: they will be stored once.
        file_xref = same.get(int(ff.split()[0]), int(ff.split()[0]))
        if xref in excluded or (descendant and descendant in excluded):
            candidates[file_xref] = None  # shared with something unsafe: never subset
            continue
        if file_xref in candidates and candidates[file_xref] is None:
            continue
        info = candidates.setdefault(file_xref, {"fonts": [], "names": set()})
        info["fonts"].append({"font": xref, "descendant": descendant, "descriptor": descriptor})
        info["names"].add(normal_name(base))
        for k in (descendant, descriptor):
            if k:
                nm = doc.xref_get_key(k, "BaseFont" if k == descendant else "FontName")[1]
                if nm:
                    info["names"].add(normal_name(nm))
    candidates = {k: v for k, v in candidates.items() if v}
    if not candidates:
        return {"fonts": []}

    # Glyphs shown, by font name (MuPDF reports the name, not the object).
    used = {}
    for page in doc:
        for span in page.get_texttrace():
            name = normal_name(span.get("font", ""))
            glyphs = used.setdefault(name, set())
            for ch in span.get("chars", ()):
                if ch[1] >= 0:
                    glyphs.add(ch[1])
    # A name shared by two font programs would mix their glyphs: those are left whole.
    owners = {}
    for file_xref, info in candidates.items():
        for n in info["names"]:
            owners.setdefault(n, set()).add(file_xref)

    out = []
    for file_xref, info in candidates.items():
        try:
            names = info["names"]
            if any(len(owners[n]) > 1 for n in names):
                continue
            data = doc.xref_stream(file_xref)
            if not data or len(data) > Limits.decoded:
                continue
            glyphs = set()
            for n in names | {normal_name(fitz.Font(fontbuffer=data).name)}:
                glyphs |= used.get(n, set())
            if not glyphs:
                # Nothing traced under any of its names: the name MuPDF reports is not known here.
                continue
            font = TTFont(io.BytesIO(data), recalcTimestamp=False)
            total = font["maxp"].numGlyphs
            glyphs = {g for g in glyphs if g < total}
            options = ft_subset.Options()
            options.retain_gids = True
            options.glyph_names = True
            options.notdef_outline = True
            options.name_IDs = ["*"]
            options.name_languages = ["*"]
            options.name_legacy = True
            options.legacy_cmap = True
            options.symbol_cmap = True
            options.layout_features = []
            options.hinting = True
            options.recalc_bounds = False
            options.prune_unicode_ranges = False
            options.drop_tables = ["DSIG", "GSUB", "GPOS", "GDEF", "JSTF", "BASE", "MATH", "kern"]
            subsetter = ft_subset.Subsetter(options)
            subsetter.populate(gids=sorted(glyphs | {0}))
            subsetter.subset(font)
            buf = io.BytesIO()
            font.save(buf)
            program = buf.getvalue()
            packed = deflate(program)
            old = len(doc.xref_stream_raw(file_xref))
            if len(packed) >= old:
                continue
            path = "%sfont-%d.bin" % (prefix, file_xref)
            with open(path, "wb") as f:
                f.write(packed)
            tag = subset_tag(file_xref, glyphs)
            out.append({"file": path, "xref": file_xref, "size": old, "newSize": len(packed), "length1": len(program), "glyphs": len(glyphs), "tag": tag, "fonts": info["fonts"]})
        except Exception:
            continue
    return {"fonts": out}


def subset_tag(xref, glyphs):
    """Six capital letters, stable for the same font and glyphs (PDF 9.6.4's subset tag)."""
    digest = hashlib.sha256(("%d:%s" % (xref, sorted(glyphs))).encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def normal_name(name):
    name = name.lstrip("/")
    name = re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name)
    name = re.sub(r"^[A-Z]{6}\+", "", name)
    return name


def excluded_fonts(doc):
    """Fonts that text outside the pages' own drawing commands uses: MuPDF's trace does not see it.

    That is the form's default resources (/DR: typing a new value needs every
    glyph), annotations' appearances, tiling patterns and Type 3 glyphs, with
    the forms they draw, followed through their resources only.
    """
    fonts = set()
    seen = set()

    def refs(text):
        return [int(r) for r in REF.findall(text or "")]

    def sub(xref, name):
        kind, value = doc.xref_get_key(xref, name)
        return "" if kind == "null" else (resolve(doc, value) if kind == "xref" else value)

    def walk(xref):
        """A content stream, form, pattern or Type 3 font: its resources' fonts, forms and patterns."""
        if xref in seen or xref <= 0 or xref >= doc.xref_length():
            return
        seen.add(xref)
        for font in refs(sub(xref, "Resources/Font")):
            fonts.add(font)
            fonts.update(refs(sub(font, "DescendantFonts")))
            if doc.xref_get_key(font, "Subtype")[1] == "/Type3":
                walk(font)
        for child in refs(sub(xref, "Resources/XObject")) + refs(sub(xref, "Resources/Pattern")):
            walk(child)

    acro = doc.xref_get_key(doc.pdf_catalog(), "AcroForm")
    if acro[0] != "null":
        for font in refs(sub(doc.pdf_catalog(), "AcroForm/DR/Font")):
            fonts.add(font)
            fonts.update(refs(sub(font, "DescendantFonts")))
    for page in doc:
        for annot in refs(sub(page.xref, "Annots")):
            for stream in refs(sub(annot, "AP")):
                walk(stream)
            # A widget's own default appearance names a /DR font: covered above.
        for pattern in refs(sub(page.xref, "Resources/Pattern")):
            walk(pattern)
    for xref in range(1, doc.xref_length()):
        try:
            if doc.xref_get_key(xref, "Subtype")[1] == "/Type3":
                fonts.add(xref)
                walk(xref)
        except Exception:
            continue
    return fonts


# ---------------------------------------------------------------- main


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    path = request["input"]
    try:
        doc = fitz.open(path)
    except Exception as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        sys.exit(2)
    command = request["command"]
    Limits.decoded = request.get("maxDecodedBytes", Limits.decoded)
    prefix = request["outputPrefix"]
    workers = request.get("workers", 1)
    if command == "analyse":
        answer = analyse(doc, request)
    elif command == "compress":
        # Analysis, then every stream recoded and fonts subset, in parallel.
        analysis = analyse(doc, request)
        dropped = {dup for group in analysis["duplicates"] for dup in group[1:]}
        tasks = [t for t in analysis["streams"] if t["xref"] not in dropped and not t.get("pageContent") and t["size"] >= request.get("minStreamBytes", 64)]
        fonts = {"outputPrefix": prefix + "font-", "duplicates": analysis["duplicates"]} if request.get("fonts") and not analysis["optionalContent"] else None
        doc.close()
        answer = {"analysis": analysis, **recode(path, tasks, request["settings"], prefix, workers, fonts=fonts)}
    elif command == "work":
        doc.close()
        answer = recode(path, request["tasks"], request["settings"], prefix, workers, grid=request.get("grid"))
    elif command == "fonts":
        answer = subset_fonts(doc, request)
    else:
        raise SystemExit("unknown command " + command)
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
