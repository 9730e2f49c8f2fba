#!/usr/bin/env python3
"""Real-world-like PDFs for Compress PDF's tests and benchmark, made from open material only.

Photos are synthetic but textured like photographs (fractal noise at several scales, soft shapes,
hard edges, grain: a 1/f spectrum rather than flat colours); scans are pages drawn at 300 dpi with
Debian's DejaVu fonts on a grainy paper; text uses the same fonts, embedded whole, as many office
programs do. Every kind is deterministic (fixed seeds), so anyone can rebuild the set.

    python3 compression-pdfs.py KIND OUTPUT [--scale S]

KIND: brochure, scan-colour, scan-grey, report, map, compressed, bilevel, special; scan-jpeg-N writes
one 300 dpi scanned page as a JPEG file (seed N) instead of a PDF.
--scale shrinks pages and pixel sizes (0.25 makes small test files quickly); --pages N makes N pages.
"""

import io
import math
import os
import random
import re
import subprocess
import sys
import zlib

import fitz
from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageMath

FONTS = "/usr/share/fonts/truetype/dejavu/"
SERIF = FONTS + "DejaVuSerif.ttf"
SANS = FONTS + "DejaVuSans.ttf"
SANS_BOLD = FONTS + "DejaVuSans-Bold.ttf"
A4 = (595, 842)

WORDS = (
    "the annual survey of coastal water quality shows a steady improvement across most "
    "monitoring stations while nitrate levels remain above target in three estuaries "
    "funding for the next phase covers sampling equipment training and public reporting "
    "results are compared with the baseline measured before the treatment works opened "
    "seasonal variation explains part of the change but not the long term trend"
).split()


def sentences(rnd, count):
    out = []
    for _ in range(count):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(8, 18))]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


# ---------------------------------------------------------------- textures


def fractal(width, height, rnd, octaves=((3, 0.45), (9, 0.25), (27, 0.15), (81, 0.1), (243, 0.06), (729, 0.04))):
    """Grey noise with energy at every scale, like natural images: upscaled noise fields summed."""
    acc = Image.new("L", (width, height), 128)
    total = 0.0
    for cells, weight in octaves:
        cw = max(2, min(width, int(cells)))
        ch = max(2, min(height, int(cells * height / max(1, width)) + 1))
        small = Image.effect_noise((cw, ch), 60 + rnd.random() * 20)
        layer = small.resize((width, height), Image.BICUBIC)
        total += weight
        acc = Image.blend(acc, layer, weight / total)
    # Stretch the contrast back (blending averages it away).
    return acc.point(lambda v: max(0, min(255, int(128 + (v - 128) * 3.2))))


def photo(width, height, seed):
    """An RGB 'photograph': sky, textured ground, soft and hard-edged objects, grain."""
    rnd = random.Random(seed)
    lum = fractal(width, height, rnd)
    c1 = fractal(width, height, rnd, ((2, 0.6), (6, 0.4)))
    c2 = fractal(width, height, rnd, ((2, 0.6), (6, 0.4)))
    hue = rnd.random()
    r = ImageMath.eval("convert(a + (b - 128) * %d / 10, 'L')" % (8 + int(hue * 4)), a=lum, b=c1)
    g = ImageMath.eval("convert(a + (b - 128) * 3 / 10 - (c - 128) * 3 / 10, 'L')", a=lum, b=c1, c=c2)
    b = ImageMath.eval("convert(a + (c - 128) * %d / 10, 'L')" % (12 - int(hue * 4)), a=lum, c=c2)
    img = Image.merge("RGB", (r, g, b))
    # Sky: a gradient over the top third, blended softly into the texture.
    sky = Image.linear_gradient("L").resize((width, height // 3 + 1))
    sky_rgb = Image.merge("RGB", (sky.point(lambda v: 90 + v // 3), sky.point(lambda v: 140 + v // 3), sky.point(lambda v: 200 + v // 5)))
    mask = Image.linear_gradient("L").rotate(180).resize((width, height // 3 + 1)).point(lambda v: min(255, v * 2))
    img.paste(sky_rgb, (0, 0), mask)
    draw = ImageDraw.Draw(img)
    # Hard edges: buildings or furniture with textured fronts.
    for _ in range(rnd.randint(3, 6)):
        x0 = rnd.randint(0, width - 2)
        w = rnd.randint(width // 12, width // 4)
        y0 = rnd.randint(height // 4, height * 3 // 4)
        colour = tuple(rnd.randint(40, 220) for _ in range(3))
        draw.rectangle((x0, y0, x0 + w, height), fill=colour)
        for wy in range(y0 + 8, height, max(6, height // 30)):
            for wx in range(x0 + 6, x0 + w - 6, max(6, width // 60)):
                shade = tuple(max(0, c - rnd.randint(20, 80)) for c in colour)
                draw.rectangle((wx, wy, wx + max(2, width // 150), wy + max(2, height // 80)), fill=shade)
    # Soft objects.
    blobs = Image.new("RGB", (width, height))
    blob_mask = Image.new("L", (width, height), 0)
    bd = ImageDraw.Draw(blobs)
    md = ImageDraw.Draw(blob_mask)
    for _ in range(rnd.randint(4, 9)):
        cx, cy = rnd.randint(0, width), rnd.randint(0, height)
        rx, ry = rnd.randint(width // 20, width // 6), rnd.randint(height // 20, height // 6)
        colour = tuple(rnd.randint(30, 250) for _ in range(3))
        bd.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=colour)
        md.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=rnd.randint(120, 220))
    blob_mask = blob_mask.filter(ImageFilter.GaussianBlur(max(1, width // 200)))
    img.paste(blobs, (0, 0), blob_mask)
    # Lens softness, then sensor grain.
    img = img.filter(ImageFilter.GaussianBlur(0.6))
    grain = Image.merge("RGB", [Image.effect_noise((width, height), 40) for _ in range(3)])
    return Image.blend(img, grain, 0.06)


def jpeg(img, quality=92, subsampling=0, optimize=False):
    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality, subsampling=subsampling, optimize=optimize, progressive=optimize)
    return out.getvalue()


def png(img):
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=6)
    return out.getvalue()


def logo(size):
    """A logo with transparency: an image with a soft mask in the PDF."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((2, 2, size - 3, size - 3), fill=(200, 40, 60, 255))
    d.ellipse((size // 4, size // 4, size * 3 // 4, size * 3 // 4), fill=(250, 250, 250, 200))
    font = ImageFont.truetype(SANS_BOLD, size // 3)
    d.text((size // 2, size // 2), "F", font=font, fill=(30, 30, 120, 255), anchor="mm")
    return img


# ---------------------------------------------------------------- page helpers


def text_block(page, rect, text, font="F0", size=10):
    page.insert_textbox(rect, text, fontname=font, fontsize=size, align=0)


def use_fonts(page):
    page.insert_font(fontname="F0", fontfile=SERIF)
    page.insert_font(fontname="F1", fontfile=SANS_BOLD)


def scaled(value, scale):
    return max(16, int(value * scale))


# ---------------------------------------------------------------- kinds


def brochure(scale):
    """Photo-heavy brochure: large photos at about 300 dpi, headings, text, a logo with a soft mask on every page."""
    doc = fitz.open()
    rnd = random.Random(1)
    mark = png(logo(scaled(300, scale)))
    pages = page_count(4, scale)
    for n in range(pages):
        # Each page made on its own and then inserted: the logo is stored once per page, as merged files have it.
        part = fitz.open()
        page = part.new_page(width=A4[0], height=A4[1])
        use_fonts(page)
        hero = photo(scaled(2400, scale), scaled(1200, scale), 100 + n)
        page.insert_image(fitz.Rect(0, 0, A4[0], A4[0] / 2), stream=jpeg(hero, 92))
        for k in range(2):
            small = photo(scaled(1000, scale), scaled(750, scale), 200 + n * 10 + k)
            x = 40 + k * 270
            page.insert_image(fitz.Rect(x, 520, x + 245, 520 + 184), stream=jpeg(small, 90))
        page.insert_image(fitz.Rect(A4[0] - 90, A4[1] - 90, A4[0] - 30, A4[1] - 30), stream=mark)
        page.insert_text((40, 335), "Coastal walks, page %d" % (n + 1), fontname="F1", fontsize=22, color=(0.1, 0.2, 0.5))
        text_block(page, fitz.Rect(40, 350, A4[0] - 40, 510), sentences(rnd, 8))
        text_block(page, fitz.Rect(40, 715, A4[0] - 100, 800), sentences(rnd, 3), size=9)
        doc.insert_pdf(part)
    doc.set_metadata({"title": "Coastal walks", "author": "Folio bench"})
    return doc


def scan_page(width, height, rnd, grey, seed):
    """A page as a scanner sees it: grainy paper, printed text, a halftoned photo, slight blur."""
    paper = fractal(width, height, rnd, ((4, 0.5), (40, 0.3), (400, 0.2))).point(lambda v: 225 + (v - 128) // 10)
    page = Image.merge("RGB", (paper, paper.point(lambda v: v - 3), paper.point(lambda v: v - 12)))
    d = ImageDraw.Draw(page)
    dpi = width / 8.27
    body = ImageFont.truetype(SERIF, max(8, int(dpi * 10 / 72)))
    head = ImageFont.truetype(SANS_BOLD, max(10, int(dpi * 18 / 72)))
    margin = int(dpi * 0.8)
    d.text((margin, margin), "Inspection report %d" % seed, font=head, fill=(20, 20, 30))
    y = margin + int(dpi * 0.5)
    pic = photo(int(width * 0.4), int(height * 0.18), seed)
    page.paste(pic, (width - margin - pic.width, y))
    line = int(dpi * 14 / 72)
    words = sentences(rnd, 60).split()
    x_limit = width - margin
    while y < height - margin and words:
        x = margin
        row_limit = x_limit if y > int(dpi * 0.5) + margin + pic.height else width - margin - pic.width - int(dpi * 0.2)
        row = []
        while words:
            w = words[0]
            tw = d.textlength(" ".join(row + [w]), font=body)
            if margin + tw > row_limit:
                break
            row.append(words.pop(0))
        if not row:
            row.append(words.pop(0))
        d.text((x, y), " ".join(row), font=body, fill=(35, 35, 45))
        y += line
        if not words:
            words = sentences(rnd, 40).split()
    # A stamp in colour, a signature-like stroke.
    d.ellipse((margin, height - margin - int(dpi), margin + int(dpi), height - margin), outline=(160, 30, 40), width=max(2, int(dpi / 60)))
    page = page.filter(ImageFilter.GaussianBlur(0.5))
    noise = Image.merge("RGB", [Image.effect_noise((width, height), 25) for _ in range(3)])
    page = Image.blend(page, noise, 0.05)
    return page.convert("L") if grey else page


def scan(scale, grey):
    """A 300 dpi scan: one image per page, JPEG in colour, lossless (Flate) in grey, as scanners store them."""
    doc = fitz.open()
    rnd = random.Random(2 if grey else 3)
    pages = page_count(3, scale)
    for n in range(pages):
        img = scan_page(scaled(2480, scale), scaled(3508, scale), rnd, grey, 10 + n)
        page = doc.new_page(width=A4[0], height=A4[1])
        page.insert_image(page.rect, stream=png(img) if grey else jpeg(img, 90))
    doc.set_metadata({"title": "Scanned report", "producer": "Scanner 3000"})
    return doc


def report(scale):
    """Text-only report: fonts embedded whole, headings, a table drawn as vectors, links, bookmarks, metadata."""
    doc = fitz.open()
    rnd = random.Random(4)
    pages = max(2, page_count(8, scale))
    toc = []
    for n in range(pages):
        page = doc.new_page(width=A4[0], height=A4[1])
        use_fonts(page)
        page.insert_text((60, 80), "Chapter %d: Water quality" % (n + 1), fontname="F1", fontsize=18)
        toc.append([1, "Chapter %d" % (n + 1), n + 1])
        text_block(page, fitz.Rect(60, 100, A4[0] - 60, 520), sentences(rnd, 22), size=10.5)
        shape = page.new_shape()
        for r in range(6):
            for c in range(4):
                shape.draw_rect(fitz.Rect(60 + c * 118, 540 + r * 22, 178 + c * 118, 562 + r * 22))
        shape.finish(color=(0, 0, 0), width=0.5)
        shape.commit()
        for r in range(6):
            for c in range(4):
                page.insert_text((64 + c * 118, 555 + r * 22), "%.2f" % rnd.uniform(0, 99), fontname="F0", fontsize=9)
        page.insert_text((60, 720), "See the project site", fontname="F0", fontsize=10, color=(0, 0, 0.8))
        page.insert_link({"kind": fitz.LINK_URI, "from": fitz.Rect(58, 708, 170, 724), "uri": "https://example.org/water/%d" % (n + 1)})
        if n + 1 < pages:
            page.insert_text((60, 740), "Next chapter", fontname="F0", fontsize=10)
    for n in range(pages - 1):
        doc[n].insert_link({"kind": fitz.LINK_GOTO, "from": fitz.Rect(58, 728, 140, 744), "page": n + 1, "to": fitz.Point(0, 0)})
    doc.set_toc(toc)
    # A small form on the first page: a text field with a value and a ticked check box.
    field = fitz.Widget()
    field.field_type = fitz.PDF_WIDGET_TYPE_TEXT
    field.field_name = "inspector"
    field.field_value = "A. Jones"
    field.rect = fitz.Rect(300, 705, 500, 725)
    doc[0].add_widget(field)
    box = fitz.Widget()
    box.field_type = fitz.PDF_WIDGET_TYPE_CHECKBOX
    box.field_name = "approved"
    box.field_value = True
    box.rect = fitz.Rect(510, 705, 525, 720)
    doc[0].add_widget(box)
    doc.set_metadata({"title": "Water quality report", "author": "Folio bench", "subject": "Compression test", "keywords": "water, report"})
    return doc


def map_drawing(scale):
    """Vector-heavy map: thousands of contour polylines, a grid, roads and labels; nothing rasterised."""
    doc = fitz.open()
    rnd = random.Random(5)
    pages = page_count(2, scale)
    size = (1191, 842)  # A3 landscape
    for n in range(pages):
        page = doc.new_page(width=size[0], height=size[1])
        use_fonts(page)
        shape = page.new_shape()
        for gx in range(0, size[0], 50):
            shape.draw_line((gx, 0), (gx, size[1]))
        for gy in range(0, size[1], 50):
            shape.draw_line((0, gy), (size[0], gy))
        shape.finish(color=(0.8, 0.8, 0.85), width=0.3)
        contours = int(900 * max(0.1, scale))
        for k in range(contours):
            cx, cy = rnd.uniform(0, size[0]), rnd.uniform(0, size[1])
            radius = rnd.uniform(5, 120)
            points = []
            wobble = [rnd.uniform(0.7, 1.3) for _ in range(7)]
            for s in range(48):
                a = 2 * math.pi * s / 48
                rr = radius * (1 + 0.15 * math.sin(3 * a + wobble[0]) + 0.1 * math.cos(5 * a + wobble[1])) * wobble[s % 7] ** 0.2
                points.append(fitz.Point(cx + rr * math.cos(a), cy + rr * math.sin(a)))
            points.append(points[0])
            shape.draw_polyline(points)
            shade = 0.3 + 0.5 * (k % 5) / 5
            shape.finish(color=(0.55 * shade, 0.35 * shade, 0.1), width=0.4)
        for _ in range(int(60 * max(0.2, scale))):
            x, y = rnd.uniform(0, size[0]), rnd.uniform(0, size[1])
            pts = [fitz.Point(x, y)]
            for _ in range(30):
                x += rnd.uniform(-25, 25)
                y += rnd.uniform(-25, 25)
                pts.append(fitz.Point(x, y))
            shape.draw_polyline(pts)
            shape.finish(color=(0.8, 0.1, 0.1), width=1.2)
        shape.commit()
        for _ in range(80):
            page.insert_text((rnd.uniform(20, size[0] - 80), rnd.uniform(20, size[1] - 10)), "Hill %d" % rnd.randint(100, 999), fontname="F0", fontsize=7)
    doc.set_metadata({"title": "Survey map"})
    return doc


def compressed(scale):
    """Already compressed: small JPEGs near 100 dpi at low quality, text in a standard font; saved compactly."""
    doc = fitz.open()
    rnd = random.Random(6)
    pages = page_count(3, scale)
    for n in range(pages):
        page = doc.new_page(width=A4[0], height=A4[1])
        pic = photo(scaled(700, scale), scaled(450, scale), 300 + n)
        page.insert_image(fitz.Rect(60, 60, A4[0] - 60, 60 + (A4[0] - 120) * 450 / 700), stream=jpeg(pic, 45, 2, optimize=True))
        page.insert_textbox(fitz.Rect(60, 450, A4[0] - 60, 780), sentences(rnd, 20), fontname="helv", fontsize=10)
    return doc


def bilevel(scale):
    """A black-and-white (1-bit) scan stored with Flate, as some scanners write it."""
    doc = fitz.open()
    rnd = random.Random(7)
    img = scan_page(scaled(2480, scale), scaled(3508, scale), rnd, True, 40).point(lambda v: 255 if v > 150 else 0).convert("1")
    page = doc.new_page(width=A4[0], height=A4[1])
    raw_image(doc, page, page.rect, "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode>>" % img.size, zlib.compress(img.tobytes(), 6), 11)
    return doc


def raw_image(doc, page, rect, dictionary, data, seed):
    """An image XObject with exactly this dictionary and stream data, drawn in `rect`."""
    # Drawn with the aspect of the real image; distinct, so MuPDF does not reuse one placeholder.
    width, height = (int(v) for v in re.search(r"/Width (\d+)/Height (\d+)", dictionary).groups())
    placeholder = Image.new("RGB", (max(2, width // 10), max(2, height // 10)), (seed * 20 % 255, 10, 10))
    xref = page.insert_image(rect, stream=png(placeholder))
    doc.update_object(xref, dictionary)
    doc.update_stream(xref, data, compress=False)
    for key, value in re.findall(r"/(Filter|DecodeParms)\s*(/\w+|<<.*?>>)", dictionary):
        doc.xref_set_key(xref, key, value)
    return xref


def special(scale):
    """Images that need care, each on its own: CMYK (JPEG stored inverted with a /Decode array, and Flate),
    16-bit, a soft mask, a palette, a stencil mask, a 1-bit scan in Flate, CCITT, JPEG 2000, a damaged
    stream and an inline image; plus text."""
    doc = fitz.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    use_fonts(page)
    page.insert_text((40, 40), "Special images", fontname="F1", fontsize=16)
    w, h = scaled(900, scale), scaled(600, scale)
    pic = photo(w, h, 500)
    cmyk = pic.convert("CMYK")
    # Photoshop's habit: inverted CMYK JPEG, made right by a /Decode array.
    raw_image(doc, page, fitz.Rect(40, 60, 200, 167), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceCMYK/BitsPerComponent 8/Decode[1 0 1 0 1 0 1 0]/Filter/DCTDecode>>" % (w, h), jpeg(cmyk, 92), 1)
    raw_image(doc, page, fitz.Rect(210, 60, 370, 167), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceCMYK/BitsPerComponent 8/Filter/FlateDecode>>" % (w, h), zlib.compress(cmyk.tobytes(), 6), 2)
    # 16 bits per sample, big-endian.
    rgb16 = b"".join(bytes((v, v)) for v in pic.resize((w // 2, h // 2)).tobytes())
    raw_image(doc, page, fitz.Rect(380, 60, 540, 167), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceRGB/BitsPerComponent 16/Filter/FlateDecode>>" % (w // 2, h // 2), zlib.compress(rgb16, 6), 3)
    # A screenshot-like picture of few colours: line art.
    shot = Image.new("RGB", (scaled(800, scale), scaled(500, scale)), (245, 245, 245))
    d = ImageDraw.Draw(shot)
    for k in range(12):
        d.rectangle((10 + k * 30, 10, 30 + k * 30, 480), fill=((k * 20) % 255, 90, 200 - k * 10))
    d.text((20, 20), "Dashboard", fill=(0, 0, 0), font=ImageFont.truetype(SANS, 28))
    page.insert_image(fitz.Rect(40, 180, 200, 280), stream=png(shot))
    # A photograph with a soft mask (alpha ramp).
    rgba = pic.copy()
    rgba.putalpha(Image.linear_gradient("L").resize(pic.size))
    page.insert_image(fitz.Rect(210, 180, 370, 287), stream=png(rgba))
    # A palette image (GIF-like), 8-bit indices.
    pal = pic.quantize(64)
    palette = bytes(pal.getpalette()[: 64 * 3])
    raw_image(doc, page, fitz.Rect(380, 180, 540, 287), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace[/Indexed/DeviceRGB 63<%s>]/BitsPerComponent 8/Filter/FlateDecode>>" % (w, h, palette.hex()), zlib.compress(pal.tobytes(), 6), 4)
    # A 1-bit scan excerpt stored with Flate, and a stencil mask painted blue.
    bw = scan_page(scaled(1200, scale), scaled(800, scale), random.Random(9), True, 41).point(lambda v: 255 if v > 150 else 0).convert("1")
    raw_image(doc, page, fitz.Rect(40, 300, 200, 407), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode>>" % bw.size, zlib.compress(bw.tobytes(), 6), 5)
    page.draw_rect(fitz.Rect(210, 300, 370, 407), color=None, fill=None)
    stencil = raw_image(doc, page, fitz.Rect(210, 300, 370, 407), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ImageMask true/BitsPerComponent 1/Decode[1 0]/Filter/FlateDecode>>" % bw.size, zlib.compress(bw.tobytes(), 6), 6)
    # CCITT (MuPDF stores 1-bit pictures so) and JPEG 2000.
    page.insert_image(fitz.Rect(380, 300, 540, 407), stream=png(bw))
    j2k = io.BytesIO()
    pic.resize((w // 2, h // 2)).save(j2k, "JPEG2000")
    raw_image(doc, page, fitz.Rect(40, 420, 200, 527), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/JPXDecode>>" % (w // 2, h // 2), j2k.getvalue(), 7)
    # A damaged picture: a JPEG cut short, and Flate data that is not Flate.
    raw_image(doc, page, fitz.Rect(210, 420, 370, 527), "<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode>>" % (w, h), jpeg(pic, 90)[:5000], 8)
    raw_image(doc, page, fitz.Rect(380, 420, 540, 527), "<</Type/XObject/Subtype/Image/Width 300/Height 200/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode>>", os.urandom(20000), 9)
    # An inline image in the page's own drawing commands.
    inline = b"q 100 0 0 50 40 600 cm BI /W 4 /H 2 /CS /RGB /BPC 8 /F /AHx ID ff0000 00ff00 0000ff ffff00 00ffff ff00ff 000000 ffffff > EI Q"
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, inline)
    contents = doc.xref_get_key(page.xref, "Contents")
    refs = re.findall(r"\d+ 0 R", contents[1])
    doc.xref_set_key(page.xref, "Contents", "[%s %d 0 R]" % (" ".join(refs), xref))
    page.insert_text((40, 560), "Text stays text below the pictures.", fontname="F0", fontsize=12)
    return doc


PAGES = None


def page_count(default, scale):
    """Pages of a kind: its default shrunk with the scale, or exactly --pages."""
    return PAGES if PAGES else max(1, round(default * min(1, scale * 2)))


def make(kind, scale):
    if kind == "brochure":
        return brochure(scale)
    if kind == "scan-colour":
        return scan(scale, False)
    if kind == "scan-grey":
        return scan(scale, True)
    if kind == "report":
        return report(scale)
    if kind == "map":
        return map_drawing(scale)
    if kind == "compressed":
        return compressed(scale)
    if kind == "bilevel":
        return bilevel(scale)
    if kind == "special":
        return special(scale)
    raise SystemExit("unknown kind: " + kind)


def scan_jpeg(output, seed, scale):
    """One 300 dpi colour page as a scanner's JPEG (for the benchmark's large scan, pages written elsewhere)."""
    img = scan_page(scaled(2480, scale), scaled(3508, scale), random.Random(seed), False, seed)
    with open(output, "wb") as f:
        f.write(jpeg(img, 93))


def main():
    args = sys.argv[1:]
    scale = 1.0
    if "--scale" in args:
        i = args.index("--scale")
        scale = float(args[i + 1])
        del args[i : i + 2]
    if "--pages" in args:
        global PAGES
        i = args.index("--pages")
        PAGES = int(args[i + 1])
        del args[i : i + 2]
    kind, output = args
    if kind.startswith("scan-jpeg-"):
        scan_jpeg(output, int(kind[len("scan-jpeg-") :]), scale)
        return
    doc = make(kind, scale)
    if kind == "compressed":
        # Compact already: garbage collected, everything deflated, then object streams and Flate at level 9 (qpdf).
        doc.save(output + ".tmp", garbage=4, deflate=True, deflate_images=True, deflate_fonts=True)
        subprocess.run(["qpdf", "--object-streams=generate", "--recompress-flate", "--compression-level=9", output + ".tmp", output], check=False)
        os.remove(output + ".tmp")
    else:
        doc.save(output, garbage=1, deflate=True)


if __name__ == "__main__":
    main()
