"""Reading a PDF's streams for Compress PDF (pdf-compress.py and its modules): dictionary keys,
filter chains (a picture coding wrapped in ASCII85, Flate, ... as ReportLab writes JPEGs), colour
spaces, /Decode arrays, samples decoded within the request's limit, and Flate both ways."""

import re
import zlib

from PIL import Image

FLATE = "/FlateDecode"
DCT = "/DCTDecode"
# Filters whose output MuPDF hands over as plain samples (xref_stream).
DECODABLE = {FLATE, "/LZWDecode", "/ASCII85Decode", "/ASCIIHexDecode", "/RunLengthDecode", DCT, "/Fl", "/LZW", "/A85", "/AHx", "/RL", "/DCT"}

REF = re.compile(r"(\d+) 0 R\b")


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
    """(family, components, text): family one of gray, rgb, cmyk, lab, indexed, other, none."""
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
        if name == "/Lab":
            return "lab", 3, text
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
