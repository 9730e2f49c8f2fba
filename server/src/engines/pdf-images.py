"""Image decoding with MuPDF (PyMuPDF), for server/src/engines/pymupdf.ts.

Run as `python3 -I -B pdf-images.py <request.json>` inside the job's sandbox.
The request names the PDF, the image objects to decode and how to write them:

  {"input": "/job/in.pdf", "outputDir": "/job/images", "format": "png",
   "images": [{"object": 12, "name": "1"}, {"object": 40, "name": "2"}]}

Each image object is drawn by MuPDF alone on a page of its own pixel size
(one point a pixel, so no pixel is resampled): every filter, Decode array and
colour space (Indexed, ICC, Lab, separations, DeviceN) as MuPDF draws it, in
grey for grey images and RGB otherwise, with the transparency its soft mask,
stencil mask or colour key gives; a stencil mask (/ImageMask) is black where
it paints, transparent elsewhere. (PyMuPDF's own image decoding leaves
separation colours as raw tints and masks unapplied.) It is written to
`<outputDir>/<name>.<format>`:
  png  grey or RGB, with alpha when the image has any (MuPDF's encoder);
  jpg  laid on white; a plain DCT image in grey or RGB is copied as stored,
       so it loses nothing (Pillow otherwise, quality 95);
  gif  256 colours, fully transparent where alpha is under half (Pillow).

Answers one JSON object on stdout, exit 0:
  {"images": [{"object": 12, "file": "/job/images/1.png", "digest": "9e10..."},
              {"object": 40, "error": "..."}]}
`digest` is the MD5 of the decoded pixels (size, channels, samples): the
same picture stored twice has one digest. An image MuPDF cannot decode gets
`error` instead and nothing is written for it.
  {"error": "password"} | {"error": "damaged", "reason": "..."}   exit 2
"""
import hashlib
import json
import os
import sys

import fitz
from PIL import Image

JPEG_QUALITY = 95


class Refusal(Exception):
    def __init__(self, **answer):
        super().__init__(answer.get("error"))
        self.answer = answer


def finish(answer, code):
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()
    os._exit(code)


def grey_space(doc, xref):
    """Whether the image's colours are shades of grey (DeviceGray, CalGray, a one-channel ICC profile)."""
    kind, value = doc.xref_get_key(xref, "ColorSpace")
    if kind == "xref":
        kind, value = "array", doc.xref_object(int(value.split()[0]), compressed=True)
    if value in ("/DeviceGray", "/G", "/CalGray") or value.startswith("[/CalGray"):
        return True
    if value.startswith("[/ICCBased"):
        try:
            profile = int(value.split()[1])
        except (IndexError, ValueError):
            return False
        return doc.xref_get_key(profile, "N") == ("int", "1")
    return False


def masked(doc, xref):
    """Whether the image has transparency: a soft mask, a stencil or colour-key mask, alpha in its JPEG 2000 data, or is a stencil."""
    if doc.xref_get_key(xref, "ImageMask") == ("bool", "true"):
        return True
    if doc.xref_get_key(xref, "SMask")[0] != "null" or doc.xref_get_key(xref, "Mask")[0] != "null":
        return True
    kind, value = doc.xref_get_key(xref, "SMaskInData")
    return kind == "int" and value != "0"


class Easel:
    """
    The page added to the document (in memory only) that each image is drawn
    on in turn: one page reused, as adding a page per image costs more the
    more pages there are.
    """

    def __init__(self, doc):
        self.doc = doc
        doc.new_page(width=1, height=1)
        self.number = doc.page_count - 1
        self.page_xref = doc[self.number].xref
        self.contents = doc.get_new_xref()
        doc.update_object(self.contents, "<<>>")
        doc.update_stream(self.contents, b"")
        doc.xref_set_key(self.page_xref, "Contents", f"{self.contents} 0 R")

    def draw(self, xref):
        doc = self.doc
        width = positive(doc, xref, "Width")
        height = positive(doc, xref, "Height")
        if not (width and height):
            raise ValueError("the image declares no size")
        # A layer switched off would hide the picture: not here.
        if doc.xref_get_key(xref, "OC")[0] != "null":
            doc.xref_set_key(xref, "OC", "null")
        doc.xref_set_key(self.page_xref, "MediaBox", f"[0 0 {width} {height}]")
        doc.xref_set_key(self.page_xref, "Resources", f"<</XObject<</Im {xref} 0 R>>>>")
        doc.update_stream(self.contents, f"q {width} 0 0 {height} 0 0 cm /Im Do Q".encode())
        stencil = doc.xref_get_key(xref, "ImageMask") == ("bool", "true")
        colours = fitz.csGRAY if stencil or grey_space(doc, xref) else fitz.csRGB
        # The page is loaded afresh each time, so nothing of the previous image is kept.
        return doc.load_page(self.number).get_pixmap(colorspace=colours, alpha=masked(doc, xref))


def positive(doc, xref, key):
    """A whole number the image's dictionary gives (directly or by reference), or 0."""
    kind, value = doc.xref_get_key(xref, key)
    if kind == "xref":
        kind, value = "float", doc.xref_object(int(value.split()[0]), compressed=True)
    try:
        number = int(float(value)) if kind in ("int", "float") else 0
    except ValueError:
        return 0
    return number if number > 0 else 0


def digest_of(pix):
    md5 = hashlib.md5(f"{pix.width}x{pix.height}x{pix.n}x{pix.alpha}:".encode())
    md5.update(pix.samples_mv)
    return md5.hexdigest()


def stored_jpeg(doc, xref):
    """The stream's bytes when they are a JPEG any viewer shows as the PDF does, else None."""
    if doc.xref_get_key(xref, "Filter") not in (("name", "/DCTDecode"), ("array", "[/DCTDecode]")):
        return None
    if doc.xref_get_key(xref, "ColorSpace") not in (("name", "/DeviceRGB"), ("name", "/DeviceGray")):
        return None
    for key in ("Decode", "SMask", "Mask"):
        if doc.xref_get_key(xref, key)[0] != "null":
            return None
    return doc.xref_stream_raw(xref)


def pillow_image(pix):
    """The pixmap as a Pillow image; MuPDF keeps colours premultiplied by alpha, Pillow's RGBa and La say so."""
    if pix.alpha:
        mode, straight = ("La", "LA") if pix.n == 2 else ("RGBa", "RGBA")
        return Image.frombytes(mode, (pix.width, pix.height), pix.samples).convert(straight)
    return Image.frombytes("L" if pix.n == 1 else "RGB", (pix.width, pix.height), pix.samples)


def on_white(image):
    if image.mode not in ("LA", "RGBA"):
        return image
    flat = Image.new(image.mode[:-1], image.size, 255 if image.mode == "LA" else (255, 255, 255))
    flat.paste(image.convert(image.mode[:-1]), mask=image.getchannel("A"))
    return flat


def write_gif(image, path):
    rgb = image.convert("RGB")
    if image.mode not in ("LA", "RGBA"):
        rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(path, "GIF")
        return
    # Index 255 is kept for transparency: the picture gets the other 255.
    indexed = rgb.quantize(colors=255, method=Image.Quantize.FASTOCTREE)
    hidden = image.getchannel("A").point(lambda a: 255 if a < 128 else 0)
    indexed.paste(255, mask=hidden)
    indexed.save(path, "GIF", transparency=255)


def write(doc, xref, pix, fmt, path):
    if fmt == "png":
        pix.save(path, "png")
    elif fmt == "jpg":
        raw = stored_jpeg(doc, xref)
        if raw is not None:
            with open(path, "wb") as handle:
                handle.write(raw)
        else:
            on_white(pillow_image(pix)).save(path, "JPEG", quality=JPEG_QUALITY)
    else:
        write_gif(pillow_image(pix), path)


def main(request_path):
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    fmt = request["format"]
    try:
        doc = fitz.open(request["input"], filetype="pdf")
    except (RuntimeError, MemoryError) as error:
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)
    if doc.needs_pass:
        raise Refusal(error="password")
    try:
        easel = Easel(doc)
    except RuntimeError as error:
        raise Refusal(error="damaged", reason=str(error) or type(error).__name__)

    results = []
    for item in request["images"]:
        xref = int(item["object"])
        try:
            pix = easel.draw(xref)
            path = os.path.join(request["outputDir"], f"{item['name']}.{fmt}")
            write(doc, xref, pix, fmt, path)
            results.append({"object": xref, "file": path, "digest": digest_of(pix)})
        except (RuntimeError, ValueError, OSError) as error:
            # One damaged image (a broken stream, a size its data does not fill) is left out; the others go on.
            results.append({"object": xref, "error": str(error) or type(error).__name__})
        pix = None
    finish({"images": results}, 0)


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except MemoryError:
        # The sandbox's memory limit, met by an image whose data holds far more pixels than its size declares.
        finish({"error": "damaged", "reason": "an image needs more memory than allowed"}, 2)
    except Refusal as refusal:
        finish(refusal.answer, 2)
