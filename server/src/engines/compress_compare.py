"""Does a compressed PDF still show what the original showed? For pdf-compare.py and pdf-compress.py's session.

Each candidate is checked against the reference, in the order given (the
smallest first), by MuPDF: the same number of pages, each of the same size;
the sampled pages (all of them up to `samplePages`, else that many spread over
the document) rendered in grey at `dpi` and compared by SSIM (Wang et al.,
7-pixel windows) and PSNR, the worst page measured against `minSsim` and
`minPsnr`; and over every page the text (spacing aside), the links, the
bookmarks, the form fields and their values, the attached files and the
document's title, author, subject and keywords. With `firstPass`, checking
stops at the first candidate that passes. See pdf-compare.py for the requests
and the answer.
"""

import json
import os
import re
import sys

import fitz
import numpy as np

fitz.TOOLS.mupdf_display_errors(False)
fitz.TOOLS.mupdf_display_warnings(False)

WINDOW = 7
SPACE = re.compile(r"\s+")
# MuPDF's warnings that say the file's structure is damaged (not a font's or a picture's oddity).
STRUCTURE_DAMAGE = re.compile(r"xref|repair|stream length|Length incorrect|endstream|endobj|trailer|object out of range|expected .*obj", re.I)


def sample(count, most):
    """Page numbers to render: all of them, or `most` spread evenly, first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def render(page, dpi):
    pix = page.get_pixmap(matrix=fitz.Matrix(dpi / 72, dpi / 72), colorspace=fitz.csGRAY, alpha=False, annots=True)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].astype(np.float64)


def box_mean(x):
    c = np.cumsum(np.cumsum(np.pad(x, ((1, 0), (1, 0))), 0), 1)
    k = WINDOW
    return (c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]) / (k * k)


def ssim_sum(a, b):
    """Sum of the SSIM of every 7-pixel window of two renders of the same size."""
    ma, mb = box_mean(a), box_mean(b)
    va, vb, cov = box_mean(a * a) - ma * ma, box_mean(b * b) - mb * mb, box_mean(a * b) - ma * mb
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    return float(np.sum(((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))))


def similarity(a, b):
    """(SSIM, PSNR in dB) of two grey renders, over the area both cover.

    A window where both renders are the same has an SSIM of exactly 1, so only
    the band of rows and columns where they differ is measured window by window
    (most of a page a lossless candidate or a recoded picture leaves alone)."""
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    differs = a != b
    if not differs.any():
        return 1.0, 99.0
    mse = float(np.mean((a - b) ** 2))
    psnr = 10 * np.log10(255 * 255 / mse)
    if h < WINDOW or w < WINDOW:
        return 0.0, psnr
    rows, cols = np.flatnonzero(differs.any(1)), np.flatnonzero(differs.any(0))
    # Every window that overlaps a differing pixel lies within this band; all others are 1.
    r0, r1 = max(0, rows[0] - WINDOW + 1), min(h, rows[-1] + WINDOW)
    c0, c1 = max(0, cols[0] - WINDOW + 1), min(w, cols[-1] + WINDOW)
    windows = (h - WINDOW + 1) * (w - WINDOW + 1)
    measured = (r1 - r0 - WINDOW + 1) * (c1 - c0 - WINDOW + 1)
    total = ssim_sum(a[r0:r1, c0:c1], b[r0:r1, c0:c1]) + (windows - measured)
    return total / windows, float(psnr)


def link_target(link):
    if link.get("uri"):
        return "uri:" + link["uri"]
    if link.get("kind") == fitz.LINK_GOTO:
        return "page:%d" % link.get("page", -1)
    if link.get("kind") == fitz.LINK_NAMED:
        return "named:%s" % link.get("name", "")
    return "kind:%d" % link.get("kind", 0)


# Pages from which the page-by-page features are read by two processes: MuPDF takes 2–3 ms a page
# (links resolved to their pages, text), a second and a half on a 600-page manual.
SHARED_FROM_PAGES = 100


def page_features(doc, numbers):
    """Each page's size, text (spacing aside), links and form fields, for pages `numbers`."""
    out = []
    for number in numbers:
        page = doc[number]
        out.append(
            {
                "size": [round(page.rect.width), round(page.rect.height)],
                "text": SPACE.sub("", page.get_text("text")),
                "links": sorted(link_target(link) for link in page.get_links()),
                "fields": sorted("%s=%s" % (w.field_name, w.field_value) for w in (page.widgets() or [])),
            }
        )
    return out


def pages_features(doc, workers):
    """`page_features` of every page; with `workers` > 1 and many pages, the first half read by a forked process.

    The child writes its answer beside the document (the job's folder); should it
    fail, the parent reads its half too. Not pdf-compress.py's `in_parallel`, which
    forks every share to keep a crashing picture decoder away from the pass: here
    the parent reads its half on the document it has open, 0.2–0.4 s sooner on a
    600-page manual than two fresh processes."""
    count = doc.page_count
    if workers < 2 or count < SHARED_FROM_PAGES:
        return page_features(doc, range(count))
    half = count // 2
    out = "%s.features-%d.json" % (doc.name, os.getpid())
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            first = page_features(fitz.open(doc.name), range(half))
            with open(out, "w") as f:
                json.dump(first, f)
            code = 0
        finally:
            os._exit(code)
    second = page_features(doc, range(half, count))
    _, status = os.waitpid(pid, 0)
    try:
        with open(out) as f:
            first = json.load(f) if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else None
        os.remove(out)
    except (OSError, ValueError):
        first = None
    return (first if first is not None else page_features(doc, range(half))) + second


def features(doc, workers=1):
    """What the document must keep, page by page and as a whole."""
    meta = doc.metadata or {}
    return {
        "pages": pages_features(doc, workers),
        "outline": [(level, title, page) for level, title, page in doc.get_toc(simple=True)],
        "attachments": sorted(doc.embfile_names()),
        "info": {k: (meta.get(k) or "").strip() for k in ("title", "author", "subject", "keywords")},
    }


def problems_of(ref, cand):
    found = []
    if len(cand["pages"]) != len(ref["pages"]):
        return ["%d pages instead of %d" % (len(cand["pages"]), len(ref["pages"]))]
    for number, (a, b) in enumerate(zip(ref["pages"], cand["pages"]), 1):
        for key, what in (("size", "page size"), ("text", "text"), ("links", "links"), ("fields", "form fields")):
            if a[key] != b[key]:
                found.append("page %d: %s changed" % (number, what))
    for key, what in (("outline", "bookmarks"), ("attachments", "attached files"), ("info", "title, author, subject or keywords")):
        if ref[key] != cand[key]:
            found.append(what + " changed")
    return found[:20]


def open_reference(request):
    """The reference, its features and whether it is damaged; exits with {"error": "damaged"} when it cannot be opened."""
    try:
        fitz.TOOLS.mupdf_warnings()
        reference = fitz.open(request["reference"])
        ref_features = features(reference, request.get("workers", 1))
        damaged = reference.is_repaired or bool(STRUCTURE_DAMAGE.search(fitz.TOOLS.mupdf_warnings() or ""))
    except Exception as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        sys.exit(2)
    return reference, ref_features, damaged


def prepare(request):
    """The reference's features and sampled renders, kept in `cache` for the comparison that follows.

    Run while the candidates are being made: the comparison then renders only the candidates."""
    reference, ref_features, damaged = open_reference(request)
    dpi = request.get("dpi", 50)
    numbers = sample(reference.page_count, request.get("samplePages", 12))
    renders = {str(n): render(reference[n], dpi) for n in numbers}
    cache = request["cache"]
    np.savez(cache + ".npz", **renders)
    with open(cache + ".json", "w") as f:
        json.dump({"pages": reference.page_count, "repaired": bool(damaged), "features": ref_features, "dpi": dpi, "numbers": numbers}, f)
    return {"reference": {"pages": reference.page_count, "repaired": bool(damaged)}}


def cached_reference(request):
    """(pages, features, damaged, renders) from `prepare`'s cache, when it was made for these settings; else None."""
    cache = request.get("cache")
    if not cache:
        return None
    try:
        with open(cache + ".json") as f:
            kept = json.load(f)
        if kept["dpi"] != request.get("dpi", 50) or kept["numbers"] != sample(kept["pages"], request.get("samplePages", 12)):
            return None
        with np.load(cache + ".npz") as arrays:
            renders = {int(k): arrays[k] for k in arrays.files}
    except (OSError, ValueError, KeyError):
        return None
    # JSON made the tuples lists: back to what `features` answers, so that they compare equal.
    kept["features"]["outline"] = [tuple(entry) for entry in kept["features"]["outline"]]
    return kept["pages"], kept["features"], kept["repaired"], renders


def compare(request):
    """The check of `request["candidates"]` against `request["reference"]` (its cache used when it was prepared)."""
    dpi = request.get("dpi", 50)
    cached = cached_reference(request)
    if cached is not None:
        page_count, ref_features, damaged, renders = cached
        reference = None
    else:
        reference, ref_features, damaged = open_reference(request)
        page_count, renders = reference.page_count, {}
    numbers = sample(page_count, request.get("samplePages", 12))
    # Candidates no smaller than the upload are answered only for a damaged one (then it comes back repaired).
    upload_size = request.get("uploadSize")
    results = []
    for path in request["candidates"]:
        result = {"path": path, "passed": False, "worstSsim": 0.0, "worstPsnr": 0.0, "worstPage": 0, "problems": []}
        if upload_size is not None and not damaged and os.path.getsize(path) >= upload_size:
            result["problems"].append("no smaller than the upload")
            results.append(result)
            continue
        try:
            doc = fitz.open(path)
            result["problems"] = problems_of(ref_features, features(doc, request.get("workers", 1)))
            if not result["problems"]:
                scores = []
                for n in numbers:
                    if n not in renders:
                        if reference is None:
                            reference = fitz.open(request["reference"])
                        renders[n] = render(reference[n], dpi)
                    scores.append((n + 1,) + similarity(renders[n], render(doc[n], dpi)))
                result.update(worstSsim=round(min(s for _, s, _ in scores), 4), worstPsnr=round(min(p for _, _, p in scores), 1))
                failing = [(n, s, p) for n, s, p in scores if s < request["minSsim"] or p < request["minPsnr"]]
                worst = failing[0] if failing else min(scores, key=lambda score: score[1])
                result["worstPage"] = worst[0]
                if failing:
                    result["problems"].append("page %d looks different (SSIM %.3f, %.1f dB)" % worst)
            result["passed"] = not result["problems"]
        except Exception as error:
            result["problems"].append("unreadable: %s" % str(error)[:200])
        results.append(result)
        if result["passed"] and request.get("firstPass"):
            break
    return {"reference": {"pages": page_count, "repaired": bool(damaged)}, "results": results}
