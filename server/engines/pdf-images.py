"""Image decoding with MuPDF (PyMuPDF), for server/src/engines/pymupdf.ts.

Run as `python3 -I -B pdf-images.py <request.json>` inside the job's sandbox.
The request names the PDF, the image objects to decode and how to write them:

  {"input": "/job/in.pdf", "outputDir": "/job/images", "format": "png",
   "images": [{"object": 12, "name": "1"}, {"object": 40, "name": "2"}]}

Each image object is decoded by MuPDF (every filter, Decode arrays, Indexed,
ICC, Lab and separation colours, colour-key masks), turned into grey or RGB,
and given its transparency: the /SMask's levels, or the /Mask stencil's holes.
A stencil mask (/ImageMask) becomes black where it paints, transparent
elsewhere. It is written to `<outputDir>/<name>.<format>`:
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


def reference(doc, xref, key):
    """The object number `key` of object `xref` refers to, or 0."""
    kind, value = doc.xref_get_key(xref, key)
    if kind != "xref":
        return 0
    try:
        return int(value.split()[0])
    except (ValueError, IndexError):
        return 0


def flag(doc, xref, key):
    return doc.xref_get_key(xref, key) == ("bool", "true")


def grey_from_alpha(pix):
    """An alpha-only pixmap (a stencil decoded by MuPDF: 255 where it paints) as a grey one."""
    return fitz.Pixmap(fitz.csGRAY, pix.width, pix.height, pix.samples, False)


def as_grey_levels(pix):
    """A mask image's levels as one grey channel, whatever MuPDF decoded it to."""
    if pix.colorspace is None:
        return grey_from_alpha(pix)
    if pix.alpha:
        pix = fitz.Pixmap(pix, 0)
    if pix.colorspace.n != 1 or pix.colorspace.name != fitz.csGRAY.name:
        pix = fitz.Pixmap(fitz.csGRAY, pix)
    return pix


def fitted(mask, width, height):
    if (mask.width, mask.height) == (width, height):
        return mask
    return fitz.Pixmap(mask, width, height, None)


def device_colours(pix):
    """Grey stays grey (one channel); everything else becomes RGB."""
    target = fitz.csGRAY if pix.colorspace.n == 1 else fitz.csRGB
    if pix.colorspace.name == target.name:
        return pix
    return fitz.Pixmap(target, pix)


def decode(doc, xref):
    """The image as MuPDF decodes it, in device grey or RGB, its mask applied."""
    pix = fitz.Pixmap(doc, xref)
    if pix.colorspace is None:
        # A stencil mask: black where it paints.
        black = fitz.Pixmap(fitz.csGRAY, pix.width, pix.height, bytes(pix.width * pix.height), False)
        return fitz.Pixmap(black, grey_from_alpha(pix))
    pix = device_colours(pix)
    if pix.alpha:
        # A colour-key /Mask, applied by MuPDF already.
        return pix
    smask = reference(doc, xref, "SMask")
    stencil = reference(doc, xref, "Mask")
    if smask:
        alpha = as_grey_levels(fitz.Pixmap(doc, smask))
    elif stencil:
        # Explicit masking: the stencil paints (255) where the image shows.
        alpha = as_grey_levels(fitz.Pixmap(doc, stencil))
    else:
        return pix
    return fitz.Pixmap(pix, fitted(alpha, pix.width, pix.height))


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
        rgb.quantize(colors=256).save(path, "GIF")
        return
    # Index 255 is kept for transparency: the picture gets the other 255.
    indexed = rgb.quantize(colors=255)
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

    results = []
    for item in request["images"]:
        xref = int(item["object"])
        try:
            pix = decode(doc, xref)
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
