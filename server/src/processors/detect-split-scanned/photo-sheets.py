"""Test pictures for Detect / Split Scanned Photos, made and measured with Pillow, not OpenCV (photo-sheets.ts).

make <out.png> <json photos>: a light, noisy sheet of paper (1240 x 1754 px)
with photos on it; each photo {"x", "y" (centre), "w", "h", "angle" (degrees,
counter-clockwise), "colour": [r, g, b]} is a solid colour with a darker
stripe pattern, turned by its angle.

measure <picture.png> <json paper colour>: {"width", "height", "corners":
[distance of each corner patch's mean colour from the paper], "fill": share of
pixels not paper-coloured}.
"""
import json
import random
import sys

from PIL import Image, ImageDraw

PAPER = (236, 233, 226)
PAGE = (1240, 1754)


def photo(w, h, colour):
    picture = Image.new("RGB", (w, h), tuple(colour))
    draw = ImageDraw.Draw(picture)
    darker = tuple(max(0, c - 70) for c in colour)
    for x in range(12, w - 12, 24):
        draw.line([(x, 12), (x, h - 12)], fill=darker, width=4)
    return picture


def make(out, photos):
    rng = random.Random(7)
    page = Image.new("RGB", PAGE, PAPER)
    noise = Image.effect_noise(PAGE, 6).convert("L")
    page = Image.composite(Image.new("RGB", PAGE, (226, 223, 216)), page, noise.point(lambda v: 255 if v < 120 else 0))
    for spec in photos:
        picture = photo(spec["w"], spec["h"], spec["colour"]).convert("RGBA")
        turned = picture.rotate(spec["angle"], resample=Image.BICUBIC, expand=True)
        page.paste(turned, (int(spec["x"] - turned.width / 2), int(spec["y"] - turned.height / 2)), turned)
    # A few specks of dust, smaller than any photo.
    draw = ImageDraw.Draw(page)
    for _ in range(40):
        x, y = rng.randrange(PAGE[0]), rng.randrange(PAGE[1])
        draw.point((x, y), fill=(90, 90, 90))
    page.save(out)


def measure(path, paper):
    picture = Image.open(path).convert("RGB")
    w, h = picture.size

    def distance(colour):
        return max(abs(a - b) for a, b in zip(colour, paper))

    corners = []
    for cx, cy in ((3, 3), (w - 9, 3), (3, h - 9), (w - 9, h - 9)):
        patch = picture.crop((cx, cy, cx + 6, cy + 6))
        pixels = list(patch.getdata())
        mean = tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))
        corners.append(round(distance(mean), 1))
    pixels = list(picture.getdata())
    filled = sum(1 for p in pixels if distance(p) > 30) / len(pixels)
    print(json.dumps({"width": w, "height": h, "corners": corners, "fill": round(filled, 4)}))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], json.loads(sys.argv[3]))
    else:
        measure(sys.argv[2], json.loads(sys.argv[3]))
