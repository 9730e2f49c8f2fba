"""Photos cut out of scanned pages, one picture each (server/src/engines/opencv.ts).

Usage: scanned-photos.py <job.json>

The job: {"pages": [{"path": "<page picture>", "page": <number>}, ...],
"outputDir": "<folder>", "firstIndex": <number of the first picture written>,
"maxPhotos": <most pictures this run may write>, "angleThreshold": <degrees>,
"tolerance": <0-255>, "minArea": <px>, "minContourArea": <px>,
"borderSize": <px>}.

For each page (OpenCV and NumPy):
1. The paper's colour: the per-channel median of a thin ring along the page's
   edges, where a scanner bed or sheet shows (photos seldom cover every edge).
2. Mask: pixels whose colour differs from the paper's by more than `tolerance`
   in any channel.
3. Morphology: an opening removes specks of scanner noise; a closing bridges
   pale parts inside a photo, so one photo stays one region.
4. External contours of the mask: each is one photo candidate. A candidate is
   kept when its upright bounding box covers at least `minArea` pixels and the
   contour itself encloses at least `minContourArea`; an outline enclosing
   nothing (a hairline) or narrower than MIN_SIDE (a speck of noise the
   opening left) never is, whatever the minimums.
5. Each photo's minimum-area rectangle: when its tilt (the smallest rotation
   that makes it upright, -45..45 degrees) is at least `angleThreshold`, the
   rectangle is sampled straight out of the page, turned upright, exactly its
   size; otherwise the photo's upright bounding box is cut out as it is.
6. `borderSize` pixels are taken off every side (the blend of photo edge and
   paper); a picture with nothing left is dropped.

Photos are written as PNG in reading order (rows top to bottom, left to right
within a row), numbered from `firstIndex`.

Answers one JSON object on stdout: {"photos": [{"page", "path", "width",
"height", "tilt", "deskewed"}, ...]} (exit 0), or (exit 2)
{"error": "unreadable", "page": n} for a picture OpenCV cannot decode, or
{"error": "too-many", "page": n, "max": m} when the pages hold more photos than
`maxPhotos`.
"""
import json
import os
import sys

import cv2
import numpy as np


# Fewest pixels a photo measures on each side; anything narrower is noise or a line.
MIN_SIDE = 4


class Refusal(Exception):
    def __init__(self, answer):
        super().__init__(answer["error"])
        self.answer = answer


def read_page(path, page):
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if image is None or image.size == 0:
        raise Refusal({"error": "unreadable", "page": page})
    if image.dtype == np.uint16:
        image = (image // 257).astype(np.uint8)
    elif image.dtype != np.uint8:
        raise Refusal({"error": "unreadable", "page": page})
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        # Transparent parts are paper: laid on white, as a viewer shows them.
        alpha = image[:, :, 3:4].astype(np.float32) / 255.0
        colour = image[:, :, :3].astype(np.float32)
        return (colour * alpha + 255.0 * (1.0 - alpha)).round().astype(np.uint8)
    if image.shape[2] == 2:
        return cv2.cvtColor(image[:, :, 0], cv2.COLOR_GRAY2BGR)
    return image


def paper_colour(image):
    height, width = image.shape[:2]
    ring = max(1, min(height, width) // 50)
    edges = np.concatenate(
        [
            image[:ring].reshape(-1, 3),
            image[-ring:].reshape(-1, 3),
            image[:, :ring].reshape(-1, 3),
            image[:, -ring:].reshape(-1, 3),
        ]
    )
    return np.median(edges, axis=0).astype(np.uint8)


def photo_mask(image, paper, tolerance):
    difference = cv2.absdiff(image, np.full_like(image, paper))
    channel_max = np.max(difference, axis=2)
    mask = np.where(channel_max > tolerance, 255, 0).astype(np.uint8)
    # Kernels grow with the page, so a 300 DPI scan and a 75 DPI one behave alike.
    side = min(image.shape[:2])
    speck = max(3, (side // 400) | 1)
    gap = max(5, (side // 100) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (speck, speck)))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (gap, gap)))
    return mask


def upright_rectangle(contour):
    """Centre, size (width, height) and the tilt in -45..45 degrees that makes it upright."""
    (cx, cy), (width, height), angle = cv2.minAreaRect(contour)
    # OpenCV's angle range differs between versions; fold it into -45..45, swapping sides at each quarter turn.
    while angle > 45:
        angle -= 90
        width, height = height, width
    while angle <= -45:
        angle += 90
        width, height = height, width
    return (cx, cy), (width, height), angle


def reading_order(boxes):
    """Indices of (x, y, w, h) boxes in rows top to bottom, left to right within a row."""
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1])
    rows = []
    for i in order:
        x, y, w, h = boxes[i]
        centre = y + h / 2
        if rows and centre <= rows[-1]["bottom"]:
            rows[-1]["members"].append(i)
        else:
            rows.append({"bottom": y + h, "members": [i]})
    return [i for row in rows for i in sorted(row["members"], key=lambda k: boxes[k][0])]


def cut_photo(image, contour, paper, job):
    (cx, cy), (width, height), tilt = upright_rectangle(contour)
    deskew = tilt != 0 and abs(tilt) >= job["angleThreshold"]
    if deskew:
        out_w, out_h = int(round(width)), int(round(height))
        if out_w < 1 or out_h < 1:
            return None, tilt, deskew
        # Maps the rectangle's centre to the picture's centre and turns it upright, sampling only the picture's own pixels.
        matrix = cv2.getRotationMatrix2D((cx, cy), tilt, 1.0)
        matrix[0, 2] += out_w / 2 - cx
        matrix[1, 2] += out_h / 2 - cy
        photo = cv2.warpAffine(
            image,
            matrix,
            (out_w, out_h),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=tuple(int(c) for c in paper),
        )
    else:
        x, y, w, h = cv2.boundingRect(contour)
        photo = image[y : y + h, x : x + w]
    border = job["borderSize"]
    if border > 0:
        photo = photo[border : photo.shape[0] - border, border : photo.shape[1] - border]
    if photo.shape[0] < 1 or photo.shape[1] < 1:
        return None, tilt, deskew
    return photo, tilt, deskew


def split_page(entry, job, written):
    image = read_page(entry["path"], entry["page"])
    paper = paper_colour(image)
    mask = photo_mask(image, paper, job["tolerance"])
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    kept = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        area = cv2.contourArea(contour)
        if area <= 0 or min(w, h) < MIN_SIDE or w * h < job["minArea"] or area < job["minContourArea"]:
            continue
        kept.append((contour, (x, y, w, h)))
    photos = []
    for i in reading_order([box for _, box in kept]):
        photo, tilt, deskewed = cut_photo(image, kept[i][0], paper, job)
        if photo is None:
            continue
        if len(written) + len(photos) >= job["maxPhotos"]:
            raise Refusal({"error": "too-many", "page": entry["page"], "max": job["maxPhotos"]})
        photos.append((photo, tilt, deskewed))
    for photo, tilt, deskewed in photos:
        path = os.path.join(job["outputDir"], "photo-%d.png" % (job["firstIndex"] + len(written)))
        if not cv2.imwrite(path, photo):
            raise OSError("could not write " + path)
        written.append(
            {
                "page": entry["page"],
                "path": path,
                "width": int(photo.shape[1]),
                "height": int(photo.shape[0]),
                "tilt": round(float(tilt), 3),
                "deskewed": bool(deskewed),
            }
        )


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        job = json.load(f)
    # Whole numbers, 0 or more (checked by the server); huge ones mean "never" or "all", so they are capped.
    for key in ("angleThreshold", "tolerance", "minArea", "minContourArea", "borderSize"):
        job[key] = int(min(max(job[key], 0), 10**12))
    cv2.setNumThreads(1)
    written = []
    try:
        for entry in job["pages"]:
            split_page(entry, job, written)
    except Refusal as refusal:
        print(json.dumps(refusal.answer))
        return 2
    print(json.dumps({"photos": written}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
