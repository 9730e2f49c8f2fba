"""PDFs as other programs make them, for Compress PDF's tests and the compression bench.

    python3 compression-corpus.py <kind> <output.pdf> [--scale S]
    python3 compression-corpus.py photo-jpeg-<seed> <output.jpg> [--scale S]

Every kind is written by a producer other than Folio's own engines: ReportLab
(photos behind [/ASCII85Decode /DCTDecode], inline images, forms), pikepdf
(qpdf) for the images real files carry in odd forms (masks, palettes, ICC, Lab,
DeviceN, /Decode arrays, 16-bit, CMYK JPEGs) and for what is stored but never
drawn (unused images, thumbnails, /PieceInfo, duplicates), img2pdf (when
installed) and a simulated flatbed scan. LibreOffice, Chromium and the Debian documentation are
added by compression-corpus.ts, which runs those programs itself. Pictures are
generated (textured, seeded), so nothing binary is kept in the repository.
"""

import io
import math
import os
import random
import subprocess
import sys
import tempfile
import zlib

import numpy as np
import pikepdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont

SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
GS_ICC = next((os.path.join(root, "default_cmyk.icc") for root in (os.path.join("/usr/share/ghostscript", v, "iccprofiles") for v in sorted(os.listdir("/usr/share/ghostscript")) if os.path.isdir("/usr/share/ghostscript")) if os.path.exists(os.path.join(root, "default_cmyk.icc"))), None) if os.path.isdir("/usr/share/ghostscript") else None


def photo(width, height, seed):
    """A photograph-like picture: smooth shapes, texture, grain (JPEG must work for it)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    s = max(width, height) / 1800.0
    r = 128 + 90 * np.sin(x / (37 * s) + seed) * np.cos(y / (53 * s))
    g = 128 + 80 * np.sin((x + y) / (71 * s) + seed / 3)
    b = 128 + 70 * np.cos(x / (29 * s) - y / (41 * s))
    rgb = np.stack([r, g, b], -1)
    # Texture at several scales, then grain: what makes photographs costly to store.
    for k in (3, 9, 27):
        noise = rng.normal(0, 12 / math.sqrt(k), (height // k + 2, width // k + 2, 3)).astype(np.float32)
        rgb += np.repeat(np.repeat(noise, k, 0), k, 1)[:height, :width]
    rgb += rng.normal(0, 4, (height, width, 3))
    img = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8))
    return img.filter(ImageFilter.GaussianBlur(0.6))


def put(stream, entries):
    """Sets dictionary entries of a pikepdf stream (pikepdf 6 has no update())."""
    for key, value in entries.items():
        stream[key] = value


def jpeg_bytes(img, quality=90, **options):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, **options)
    return buf.getvalue()


def scaled(value, scale):
    return max(8, int(round(value * scale)))


# ---------------------------------------------------------------- ReportLab


def reportlab_photos(output, scale):
    """A photo report as ReportLab writes it: JPEGs behind [/ASCII85Decode /DCTDecode], shown at about 290 dpi."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(output, pageCompression=1)
    for page in range(2):
        c.setFont("Helvetica-Bold", 18)
        c.drawString(72, 780, "Site survey, photograph %d" % (page + 1))
        c.setFont("Helvetica", 10)
        c.drawString(72, 760, "Taken on the north side; the caption stays text.")
        img = photo(scaled(1800, scale), scaled(1200, scale), page + 1)
        c.drawImage(ImageReader(io.BytesIO(jpeg_bytes(img, 92))), 72, 400, width=450, height=300)
        c.showPage()
    c.save()


def reportlab_inline(output, scale):
    """Large inline images (BI … ID … EI in the page's drawing commands), as ReportLab's drawInlineImage writes them."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(output, pageCompression=1)
    for page in range(2):
        c.setFont("Helvetica", 12)
        c.drawString(72, 780, "Inline pictures, page %d" % (page + 1))
        img = photo(scaled(900, scale), scaled(600, scale), 10 + page)
        c.drawInlineImage(img, 72, 420, width=300, height=200)
        c.showPage()
    c.save()


def reportlab_form(output, scale):
    """A form with text fields, a check box and a photograph (ReportLab's AcroForm)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(output)
    c.setFont("Helvetica", 12)
    c.drawString(72, 780, "Application form")
    form = c.acroForm
    c.drawString(72, 740, "Name:")
    form.textfield(name="name", x=140, y=730, width=250, height=20, value="Ada Lovelace")
    c.drawString(72, 700, "Agree:")
    form.checkbox(name="agree", x=140, y=695, size=16, checked=True)
    img = photo(scaled(1200, scale), scaled(800, scale), 21)
    c.drawImage(ImageReader(io.BytesIO(jpeg_bytes(img, 90))), 72, 350, width=300, height=200)
    c.linkURL("https://example.org/apply", (72, 320, 300, 340))
    c.drawString(72, 325, "https://example.org/apply")
    c.bookmarkPage("form")
    c.addOutlineEntry("The form", "form")
    c.showPage()
    c.save()


# ---------------------------------------------------------------- stored but never drawn


def leftovers(output, scale):
    """A ReportLab report carrying what real files carry without drawing it.

    Each page names an image in its resources that its drawing commands never
    paint (a picture cut from a layout), a page thumbnail (/Thumb), and
    /PieceInfo (an editor's private data, here a large stream, as Illustrator
    keeps its own copy of the artwork); the same photograph is stored twice
    (two objects, two /Name entries, same pixels); the catalog has /PieceInfo too.
    """
    from reportlab.pdfgen import canvas

    base = output + ".base.pdf"
    c = canvas.Canvas(base)
    for page in range(3):
        c.setFont("Helvetica", 14)
        c.drawString(72, 780, "Quarterly figures, page %d" % (page + 1))
        c.rect(72, 400, 300, 200)
        c.showPage()
    c.save()
    pdf = pikepdf.open(base)
    shown = photo(scaled(600, scale), scaled(400, scale), 31)
    shown_data = zlib.compress(shown.tobytes(), 6)
    unused = photo(scaled(1200, scale), scaled(900, scale), 32)

    def image(img, data, name):
        s = pikepdf.Stream(pdf, data)
        put(s, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": img.width, "/Height": img.height, "/ColorSpace": pikepdf.Name.DeviceRGB, "/BitsPerComponent": 8, "/Filter": pikepdf.Name.FlateDecode, "/Name": pikepdf.Name(name)})
        return pdf.make_indirect(s)

    never = image(unused, zlib.compress(unused.tobytes(), 6), "/Unused")
    artwork = pdf.make_indirect(pikepdf.Stream(pdf, os.urandom(scaled(300_000, scale))))
    for number, page in enumerate(pdf.pages):
        # The same photograph as its own object on every page: a merge of three files does that.
        copy = image(shown, shown_data, "/Photo%d" % number)
        if "/Resources" not in page.obj:
            page.obj["/Resources"] = pikepdf.Dictionary()
        if "/XObject" not in page.obj.Resources:
            page.obj.Resources["/XObject"] = pikepdf.Dictionary()
        xobjects = page.obj.Resources.XObject
        xobjects["/Ph"] = copy
        xobjects["/Never"] = never
        page.obj["/Contents"] = pdf.make_indirect(pikepdf.Stream(pdf, page.obj.Contents.read_bytes() + b"\nq 300 0 0 200 72 400 cm /Ph Do Q\n"))
        thumb = photo(106, 150, 40 + number)
        t = pikepdf.Stream(pdf, zlib.compress(thumb.tobytes(), 6))
        put(t, {"/Width": 106, "/Height": 150, "/ColorSpace": pikepdf.Name.DeviceRGB, "/BitsPerComponent": 8, "/Filter": pikepdf.Name.FlateDecode})
        page.obj["/Thumb"] = pdf.make_indirect(t)
        page.obj["/PieceInfo"] = pikepdf.Dictionary({"/Illustrator": pikepdf.Dictionary({"/LastModified": pikepdf.String("D:20240101"), "/Private": artwork})})
    pdf.Root["/PieceInfo"] = pikepdf.Dictionary({"/Illustrator": pikepdf.Dictionary({"/LastModified": pikepdf.String("D:20240101"), "/Private": artwork})})
    pdf.save(output, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    os.remove(base)


# ---------------------------------------------------------------- pictures in odd forms


def quality_traps(output, scale):
    """One picture a page, each in a form real files use and a recoder can get wrong.

    Every picture is a photograph shown at about 300 dpi (so levels 4 and up
    resample it) filling most of the page, so that a mistake shows as a page
    that no longer looks like the original.
    """
    pdf = pikepdf.new()
    w, h = scaled(1500, scale), scaled(1000, scale)
    img = photo(w, h, 50)
    grey = img.convert("L")
    pages = []

    def add_page(name, dictionary, data, extra_resources=None, content=None):
        s = pikepdf.Stream(pdf, data)
        put(s, dictionary)
        put(s, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image})
        ref = pdf.make_indirect(s)
        drawing = content or b"q 360 0 0 240 36 300 cm /Im Do Q BT /F 12 Tf 36 560 Td (%s) Tj ET" % name.encode()
        font = pdf.make_indirect(pikepdf.Dictionary({"/Type": pikepdf.Name.Font, "/Subtype": pikepdf.Name.Type1, "/BaseFont": pikepdf.Name.Helvetica}))
        resources = pikepdf.Dictionary({"/XObject": pikepdf.Dictionary({"/Im": ref}), "/Font": pikepdf.Dictionary({"/F": font})})
        for k, v in (extra_resources or {}).items():
            resources[k] = v
        page = pikepdf.Dictionary({"/Type": pikepdf.Name.Page, "/MediaBox": [0, 0, 432, 600], "/Resources": resources, "/Contents": pdf.make_indirect(pikepdf.Stream(pdf, drawing))})
        pdf.pages.append(pikepdf.Page(page))
        pages.append(name)
        return ref

    rgb = {"/Width": w, "/Height": h, "/BitsPerComponent": 8}
    flate = lambda data: zlib.compress(data, 6)
    # A soft mask: an alpha ramp.
    alpha = Image.linear_gradient("L").resize((w, h))
    smask = pikepdf.Stream(pdf, flate(alpha.tobytes()))
    put(smask, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": w, "/Height": h, "/ColorSpace": pikepdf.Name.DeviceGray, "/BitsPerComponent": 8, "/Filter": pikepdf.Name.FlateDecode})
    add_page("soft mask", {**rgb, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.DCTDecode, "/SMask": pdf.make_indirect(smask)}, jpeg_bytes(img, 92))
    # A stencil mask of its own, at a lower resolution than the picture.
    cut = Image.new("1", (w // 3, h // 3), 1)
    ImageDraw.Draw(cut).ellipse((10, 10, w // 3 - 10, h // 3 - 10), fill=0)
    mask = pikepdf.Stream(pdf, flate(cut.tobytes()))
    put(mask, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": w // 3, "/Height": h // 3, "/ImageMask": True, "/BitsPerComponent": 1, "/Filter": pikepdf.Name.FlateDecode})
    add_page("stencil mask", {**rgb, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.FlateDecode, "/Mask": pdf.make_indirect(mask)}, flate(img.tobytes()))
    # A palette of 256 colours, a photograph quantised (GIF-like).
    pal = img.quantize(256)
    add_page("palette", {**rgb, "/ColorSpace": [pikepdf.Name.Indexed, pikepdf.Name.DeviceRGB, 255, pikepdf.String(bytes(pal.getpalette()[:768]))], "/Filter": pikepdf.Name.FlateDecode}, flate(pal.tobytes()))
    # ICC-based RGB (the sRGB profile Ghostscript ships).
    icc_rgb = open(GS_ICC.replace("default_cmyk", "default_rgb"), "rb").read() if GS_ICC else None
    if icc_rgb:
        profile = pikepdf.Stream(pdf, icc_rgb)
        profile["/N"] = 3
        add_page("icc rgb", {**rgb, "/ColorSpace": [pikepdf.Name.ICCBased, pdf.make_indirect(profile)], "/Filter": pikepdf.Name.DCTDecode}, jpeg_bytes(img, 92))
    # CIE Lab.
    lab = np.asarray(img.convert("LAB"), dtype=np.uint8).copy()
    add_page("lab", {**rgb, "/ColorSpace": [pikepdf.Name.Lab, pikepdf.Dictionary({"/WhitePoint": [0.9505, 1.0, 1.089], "/Range": [-128, 127, -128, 127]})], "/Filter": pikepdf.Name.FlateDecode}, flate(lab.tobytes()))
    # DeviceN of two inks over CMYK.
    tint = pikepdf.Dictionary({"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0, 0, 0, 0], "/C1": [0, 0.8, 0.9, 0], "/N": 1})
    two = np.stack([np.asarray(grey), 255 - np.asarray(grey)], -1).astype(np.uint8)
    fn = pikepdf.Stream(pdf, b"{ 2 copy 0.8 mul exch 0.1 mul add 3 1 roll 0.2 mul exch 0.9 mul add 0 0 }")
    put(fn, {"/FunctionType": 4, "/Domain": [0, 1, 0, 1], "/Range": [0, 1, 0, 1, 0, 1, 0, 1]})
    add_page("devicen", {**rgb, "/ColorSpace": [pikepdf.Name.DeviceN, [pikepdf.Name("/Spot1"), pikepdf.Name("/Spot2")], pikepdf.Name.DeviceCMYK, pdf.make_indirect(fn)], "/Filter": pikepdf.Name.FlateDecode}, flate(two.tobytes()))
    del tint
    # An inverting /Decode array on RGB and on grey.
    inverted = Image.eval(img, lambda v: 255 - v)
    add_page("decode rgb", {**rgb, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Decode": [1, 0, 1, 0, 1, 0], "/Filter": pikepdf.Name.FlateDecode}, flate(inverted.tobytes()))
    add_page("decode grey", {**rgb, "/ColorSpace": pikepdf.Name.DeviceGray, "/Decode": [1, 0], "/Filter": pikepdf.Name.FlateDecode}, flate(Image.eval(grey, lambda v: 255 - v).tobytes()))
    # 16 bits per component.
    sixteen = (np.asarray(img, dtype=np.uint16) * 257).astype(">u2")
    add_page("16-bit", {**rgb, "/BitsPerComponent": 16, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.FlateDecode}, flate(sixteen.tobytes()))
    # CMYK JPEGs: Adobe's (inverted, APP14 marker, shown with /Decode [1 0 …]) and a plain one.
    cmyk = img.convert("CMYK")
    add_page("cmyk jpeg adobe", {**rgb, "/ColorSpace": pikepdf.Name.DeviceCMYK, "/Decode": [1, 0, 1, 0, 1, 0, 1, 0], "/Filter": pikepdf.Name.DCTDecode}, jpeg_bytes(cmyk, 92))
    add_page("cmyk jpeg", {**rgb, "/ColorSpace": pikepdf.Name.DeviceCMYK, "/Filter": pikepdf.Name.DCTDecode}, jpeg_bytes(cmyk, 92))
    add_page("cmyk flate", {**rgb, "/ColorSpace": pikepdf.Name.DeviceCMYK, "/Filter": pikepdf.Name.FlateDecode}, flate(cmyk.tobytes()))
    # A small picture stretched over the page (a background), and one drawn upside down inside a form.
    small = photo(48, 32, 51)
    add_page("stretched", {"/Width": 48, "/Height": 32, "/BitsPerComponent": 8, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.FlateDecode}, flate(small.tobytes()), content=b"q 432 0 0 600 0 0 cm /Im Do Q")
    # A picture shown at two sizes: large on its page and as a small copy in a corner.
    add_page("two sizes", {**rgb, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.DCTDecode}, jpeg_bytes(img, 92), content=b"q 360 0 0 240 36 300 cm /Im Do Q q 36 0 0 24 10 10 cm /Im Do Q")
    # Grey JPEG with a colour-key mask (/Mask array).
    add_page("colour key", {**rgb, "/ColorSpace": pikepdf.Name.DeviceGray, "/Mask": [250, 255], "/Filter": pikepdf.Name.DCTDecode}, jpeg_bytes(grey, 92))
    # A soft mask with a /Matte (pre-multiplied colour).
    matte = pikepdf.Stream(pdf, flate(alpha.tobytes()))
    put(matte, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": w, "/Height": h, "/ColorSpace": pikepdf.Name.DeviceGray, "/BitsPerComponent": 8, "/Filter": pikepdf.Name.FlateDecode, "/Matte": [1, 1, 1]})
    add_page("matte", {**rgb, "/ColorSpace": pikepdf.Name.DeviceRGB, "/Filter": pikepdf.Name.FlateDecode, "/SMask": pdf.make_indirect(matte)}, flate(img.tobytes()))
    pdf.save(output)


# ---------------------------------------------------------------- filter chains


def run_length(data):
    """RunLengthDecode's coding, literal runs only (PDF 7.4.5): what old Mac and PostScript producers wrapped pictures in."""
    out = bytearray()
    for start in range(0, len(data), 128):
        chunk = data[start : start + 128]
        out.append(len(chunk) - 1)
        out += chunk
    out.append(128)
    return bytes(out)


def lzw(data):
    """LZWDecode's coding (PDF 7.4.4, early change 1), as TIFF and old PostScript drivers wrote it."""
    table = {bytes([i]): i for i in range(256)}
    out, buffer, bits = bytearray(), 0, 0
    width, next_code = 9, 258

    def emit(code):
        nonlocal buffer, bits
        buffer = (buffer << width) | code
        bits += width
        while bits >= 8:
            bits -= 8
            out.append((buffer >> bits) & 0xFF)

    emit(256)
    current = b""
    for byte in data:
        extended = current + bytes([byte])
        if extended in table:
            current = extended
            continue
        emit(table[current])
        table[extended] = next_code
        next_code += 1
        current = bytes([byte])
        if next_code >= 1 << width:
            if width == 12:
                emit(256)
                table = {bytes([i]): i for i in range(256)}
                width, next_code = 9, 258
            else:
                width += 1
    emit(table[current])
    emit(257)
    if bits:
        out.append((buffer << (8 - bits)) & 0xFF)
    return bytes(out)


def filter_chains(output, scale):
    """A photograph a page, each behind a different chain of filters, with /DecodeParms arrays where
    a filter takes parameters: what PostScript drivers, ReportLab and old Mac producers wrote.

    Shown at 300 dpi (so levels 4 and up resample it); the caption names the chain."""
    import base64

    pdf = pikepdf.new()
    w, h = scaled(1500, scale), scaled(1000, scale)
    img = photo(w, h, 90)
    jpeg = jpeg_bytes(img, 92)
    # PNG rows (each led by its filter type, 0: none), as /Predictor 15 reads them.
    rows = b"".join(b"\x00" + img.tobytes()[y * w * 3 : (y + 1) * w * 3] for y in range(h))
    a85 = lambda data: base64.a85encode(data) + b"~>"
    ahx = lambda data: data.hex().encode() + b">"
    predictor = pikepdf.Dictionary({"/Predictor": 15, "/Colors": 3, "/BitsPerComponent": 8, "/Columns": w})
    chains = [
        ("ASCII85 DCT", [pikepdf.Name.ASCII85Decode, pikepdf.Name.DCTDecode], None, a85(jpeg)),
        ("ASCIIHex DCT", [pikepdf.Name.ASCIIHexDecode, pikepdf.Name.DCTDecode], [None, None], ahx(jpeg)),
        ("Flate DCT", [pikepdf.Name.FlateDecode, pikepdf.Name.DCTDecode], [None, None], zlib.compress(jpeg, 6)),
        ("LZW DCT", [pikepdf.Name.LZWDecode, pikepdf.Name.DCTDecode], [pikepdf.Dictionary({"/EarlyChange": 1}), None], lzw(jpeg)),
        ("RunLength DCT", [pikepdf.Name.RunLengthDecode, pikepdf.Name.DCTDecode], None, run_length(jpeg)),
        ("ASCII85 Flate DCT", [pikepdf.Name.ASCII85Decode, pikepdf.Name.FlateDecode, pikepdf.Name.DCTDecode], None, a85(zlib.compress(jpeg, 6))),
        ("ASCII85 Flate predictor", [pikepdf.Name.ASCII85Decode, pikepdf.Name.FlateDecode], [None, predictor], a85(zlib.compress(rows, 6))),
    ]
    font = pdf.make_indirect(pikepdf.Dictionary({"/Type": pikepdf.Name.Font, "/Subtype": pikepdf.Name.Type1, "/BaseFont": pikepdf.Name.Helvetica}))
    for caption, filters, parms, data in chains:
        s = pikepdf.Stream(pdf, data)
        put(s, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": w, "/Height": h, "/ColorSpace": pikepdf.Name.DeviceRGB, "/BitsPerComponent": 8, "/Filter": pikepdf.Array(filters)})
        if parms is not None:
            s["/DecodeParms"] = pikepdf.Array([p if p is not None else pikepdf.Object.parse(b"null") for p in parms])
        drawing = b"q 360 0 0 240 36 300 cm /Im Do Q BT /F 12 Tf 36 560 Td (%s) Tj ET" % caption.encode()
        resources = pikepdf.Dictionary({"/XObject": pikepdf.Dictionary({"/Im": pdf.make_indirect(s)}), "/Font": pikepdf.Dictionary({"/F": font})})
        page = pikepdf.Dictionary({"/Type": pikepdf.Name.Page, "/MediaBox": [0, 0, 432, 600], "/Resources": resources, "/Contents": pdf.make_indirect(pikepdf.Stream(pdf, drawing))})
        pdf.pages.append(pikepdf.Page(page))
    # The streams exactly as written: qpdf would otherwise decode and re-encode the chains it can.
    pdf.save(output, stream_decode_level=pikepdf.StreamDecodeLevel.none, compress_streams=False)


# ---------------------------------------------------------------- ImageMagick and scans


def img2pdf(output, scale):
    """Photographs wrapped by img2pdf (Debian's img2pdf: JPEGs stored as they are, one a page), pictures made by ImageMagick."""
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i in range(2):
            png = os.path.join(tmp, "p%d.png" % i)
            photo(scaled(2000, scale), scaled(1400, scale), 60 + i).save(png)
            path = os.path.join(tmp, "p%d.jpg" % i)
            subprocess.run(["/usr/bin/convert-im6.q16", png, "-density", "240", "-units", "PixelsPerInch", "-quality", "93", path], check=True)
            files.append(path)
        subprocess.run(["img2pdf", *files, "-o", output], check=True)


def scan(output, scale):
    """A flatbed scan as scanning software writes it: 300 dpi colour pages, paper texture, slight skew, stored as JPEG (pikepdf)."""
    pdf = pikepdf.new()
    rnd = random.Random(7)
    font = ImageFont.truetype(SANS, max(8, int(28 * scale)))
    for number in range(2):
        w, h = scaled(2480, scale), scaled(3508, scale)
        page = Image.new("RGB", (w, h), (246, 242, 232))
        d = ImageDraw.Draw(page)
        for line in range(40):
            y = int((200 + line * 75) * scale)
            words = " ".join(rnd.choice(["invoice", "total", "amount", "paid", "the", "order", "date", "item", "delivery", "number"]) for _ in range(9))
            d.text((int(200 * scale), y), words, fill=(30, 30, 40), font=font)
        page.paste(photo(scaled(900, scale), scaled(600, scale), 70 + number), (int(1300 * scale), int(400 * scale)))
        page = page.rotate(0.4, resample=Image.BICUBIC, fillcolor=(246, 242, 232))
        noise = np.random.default_rng(number).normal(0, 5, (h, w, 3))
        page = Image.fromarray(np.clip(np.asarray(page, dtype=np.float32) + noise, 0, 255).astype(np.uint8))
        s = pikepdf.Stream(pdf, jpeg_bytes(page, 88))
        put(s, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Image, "/Width": w, "/Height": h, "/ColorSpace": pikepdf.Name.DeviceRGB, "/BitsPerComponent": 8, "/Filter": pikepdf.Name.DCTDecode})
        content = pikepdf.Stream(pdf, b"q 595.28 0 0 841.89 0 0 cm /Scan Do Q")
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary({"/Type": pikepdf.Name.Page, "/MediaBox": [0, 0, 595.28, 841.89], "/Resources": pikepdf.Dictionary({"/XObject": pikepdf.Dictionary({"/Scan": pdf.make_indirect(s)})}), "/Contents": pdf.make_indirect(content)})))
    pdf.save(output)


def broken(output, scale):
    """The ReportLab photo report with every object moved by bytes put in after the header, as a
    mail program's line-ending repair does: the cross-reference table points nowhere, readers must rebuild it."""
    reportlab_photos(output + ".ok.pdf", scale)
    with open(output + ".ok.pdf", "rb") as f:
        data = f.read()
    os.remove(output + ".ok.pdf")
    header = data.index(b"\n") + 1
    with open(output, "wb") as f:
        f.write(data[:header] + b"%" + b" " * 200 + b"\n" + data[header:])


KINDS = {
    "reportlab-photos": reportlab_photos,
    "reportlab-inline": reportlab_inline,
    "reportlab-form": reportlab_form,
    "leftovers": leftovers,
    "quality-traps": quality_traps,
    "img2pdf": img2pdf,
    "scan": scan,
    "broken": broken,
    "filter-chains": filter_chains,
}


def main():
    args = sys.argv[1:]
    scale = 1.0
    if "--scale" in args:
        i = args.index("--scale")
        scale = float(args[i + 1])
        del args[i : i + 2]
    kind, output = args
    if kind.startswith("photo-jpeg-"):
        # A photograph alone, for the HTML report LibreOffice and Chromium print (compression-corpus.ts).
        photo(scaled(2400, scale), scaled(1600, scale), int(kind[len("photo-jpeg-") :])).save(output, quality=92)
        return
    if kind not in KINDS:
        raise SystemExit("unknown kind: %s (one of %s)" % (kind, ", ".join(KINDS)))
    KINDS[kind](output, scale)


if __name__ == "__main__":
    main()
