"""Storing one image better, for Compress PDF (pdf-compress.py): losslessly (PNG predictors, CCITT G4,
an exact palette, a JPEG out of its wrapping filters) and, at the lossy levels, resampled to the
resolution it is shown at and stored as JPEG where it is a photograph; greyscale and line art on
request. Masks, colour keys, /Matte and unusual colour spaces or /Decode arrays stay exact."""

import io
import re
import struct

import fitz
from PIL import Image, ImageChops, ImageFilter

from compress_streams import (
    DCT,
    DECODABLE,
    FLATE,
    REF,
    Limits,
    bool_key,
    colour_space,
    decode_samples,
    default_decode,
    deflate,
    ends_in_jpeg,
    filters_of,
    inflate,
    int_key,
    resolve,
    to_image,
    unwrapped,
    wrapped,
)

# Pictures of fewer pixels are never stored as JPEG at the lossy levels.
MIN_JPEG_PIXELS = 128 * 128


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


def jpeg_candidate(img, quality, cmyk, whole_colour=False):
    """JPEG at `quality`; `whole_colour` keeps every channel's full resolution (for samples that are not RGB, such as Lab)."""
    buf = io.BytesIO()
    if cmyk:
        # PIL stores CMYK inverted (Adobe's habit); PDF readers show the stored values, so hand it them inverted.
        img = ImageChops.invert(img)
    options = {"quality": quality, "optimize": True, "progressive": True}
    if img.mode == "RGB":
        options["subsampling"] = 0 if quality >= 90 or whole_colour else 2
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
        """Whether the picture may be stored as JPEG. Its stored samples are what is coded, so a
        /Decode array (grey and RGB) stays and still applies; CMYK JPEGs' inversion habits make
        any but the plain one a guess. Lab's three channels code as any three do."""
        return (
            not self.mask
            and not self.colour_key
            and (self.plain_decode or self.family in ("gray", "rgb", "lab"))
            and self.family in ("gray", "rgb", "cmyk", "lab")
            and self.bpc in (8, 16)
        )

    def lossy(self, dpi, quality):
        """Resampled to `dpi` where shown finer, then JPEG for photographs; line art and masks stay exact."""
        threshold = self.settings.get("threshold", 1.1)
        # A picture whose soft mask has /Matte keeps its size (the mask's, PDF 11.6.5.3).
        size = (self.width, self.height) if self.matte else target_size(self.width, self.height, self.entry, dpi, threshold)
        img = self.load(size)
        if img is None:
            return []
        if self.soft_mask and img.mode == "L":
            # Soft masks stay lossless (JPEG's ringing shows along transparent edges), only smaller; one
            # with /Matte must keep its image's size (PDF 11.6.5.3), and its image is never resampled.
            if self.has_matte:
                return []
            return [png_candidate(resample(img, size), 1)] if size != img.size else []
        if self.family == "indexed" and not self.mask:
            photo = self.palette_photo(dpi, quality)
            return [photo] if photo is not None else []
        if not self.lossy_ok() or line_art_colours(img) is not None:
            # Line art (charts, screenshots): JPEG would smear its edges; it stays exact.
            return []
        if self.width * self.height < MIN_JPEG_PIXELS:
            # A small picture (often stretched: a background, a gradient) gains few bytes, and its 8×8
            # JPEG blocks, drawn large, show (a 48×32 picture over a page lost 15 dB so).
            return []
        work = resample(img, size)
        cand = jpeg_candidate(work, quality, work.mode == "CMYK", whole_colour=self.family == "lab")
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

    def palette(self):
        """An /Indexed picture's palette: (base colour space as text, its components, table bytes, entries), or None."""
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
        return base, n, table[: count * n], count

    def grey_palette(self):
        """An /Indexed picture's palette turned grey: (grey levels, number of entries), or None."""
        palette = self.palette()
        if palette is None:
            return None
        _, n, table, count = palette
        swatch = Image.frombytes("RGB" if n == 3 else "CMYK", (count, 1), table)
        return swatch.convert("RGB").convert("L").tobytes(), count

    def palette_photo(self, dpi, quality):
        """A photograph stored as palette indices over /DeviceRGB (a GIF's habit), as RGB JPEG: the
        palette's colours drawn out, then stored as any photograph is. None for line art or another base."""
        palette = self.palette()
        if palette is None or palette[0] not in ("/DeviceRGB", "/RGB") or self.width * self.height < MIN_JPEG_PIXELS:
            return None
        img = self.load()
        if img is None:
            return None
        _, _, table, count = palette
        indexed = Image.frombytes("P", img.size, img.tobytes())
        indexed.putpalette(table + bytes(768 - len(table)))
        rgb = indexed.convert("RGB")
        # A photograph quantised uses nearly every entry; a logo or chart, a few flat colours (JPEG would smear them).
        if len(rgb.getcolors(256) or []) <= 192:
            return None
        size = target_size(self.width, self.height, self.entry, dpi, self.settings.get("threshold", 1.1))
        work = resample(rgb, size)
        cand = jpeg_candidate(work, quality, False)
        cand.changes.update({"Width": work.width, "Height": work.height, "ColorSpace": "/DeviceRGB"})
        return cand

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
