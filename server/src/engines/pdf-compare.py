"""Does a compressed PDF still show what the original showed? For server/src/engines/pdf-compress.ts.

Run as `python3 -I -B pdf-compare.py <request.json>` inside the job's sandbox:

  {"reference": "/job/upload.pdf", "candidates": ["/job/a.pdf", "/job/b.pdf"],
   "dpi": 50, "samplePages": 12, "minSsim": 0.93, "minPsnr": 28, "firstPass": true}

Each candidate is checked against the reference, in the order given (the
smallest first), by MuPDF: the same number of pages, each of the same size;
the sampled pages (all of them up to `samplePages`, else that many spread over
the document) rendered in grey at `dpi` and compared by SSIM (Wang et al.,
7-pixel windows) and PSNR, the worst page measured against `minSsim` and
`minPsnr`; and over every page the text (spacing aside), the links, the
bookmarks, the form fields and their values, the attached files and the
document's title, author, subject and keywords. With `firstPass`, checking
stops at the first candidate that passes.

Answers {"reference": {"pages": n, "repaired": bool}, "results": [{"path",
"passed", "worstSsim", "worstPsnr", "worstPage", "problems": [...]}, ...]}
where `repaired` says the reference's structure is damaged (MuPDF rebuilt its
cross-reference table, or warned of a stream's wrong length, a missing endobj...). Exit code 2 with {"error": "damaged"} when the reference cannot be opened.
With `uploadSize`, a candidate no smaller is not checked (it could only be
answered for a damaged reference, which comes back repaired).

With {"prepare": true, "reference", "cache", "dpi", "samplePages"} it only reads
the reference (features, sampled renders) into `cache`.json and `cache`.npz,
while the candidates are being made; a comparison given the same `cache` then
renders only the candidates.
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


def similarity(a, b):
    """(SSIM, PSNR in dB) of two grey renders, over the area both cover."""
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    mse = float(np.mean((a - b) ** 2))
    psnr = 99.0 if mse == 0 else 10 * np.log10(255 * 255 / mse)
    if h < WINDOW or w < WINDOW:
        return (1.0 if mse == 0 else 0.0), psnr
    ma, mb = box_mean(a), box_mean(b)
    va, vb, cov = box_mean(a * a) - ma * ma, box_mean(b * b) - mb * mb, box_mean(a * b) - ma * mb
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    ssim = ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
    return float(np.mean(ssim)), float(psnr)


def link_target(link):
    if link.get("uri"):
        return "uri:" + link["uri"]
    if link.get("kind") == fitz.LINK_GOTO:
        return "page:%d" % link.get("page", -1)
    if link.get("kind") == fitz.LINK_NAMED:
        return "named:%s" % link.get("name", "")
    return "kind:%d" % link.get("kind", 0)


def features(doc):
    """What the document must keep, page by page and as a whole."""
    pages = []
    for page in doc:
        pages.append(
            {
                "size": (round(page.rect.width), round(page.rect.height)),
                "text": SPACE.sub("", page.get_text("text")),
                "links": sorted(link_target(link) for link in page.get_links()),
                "fields": sorted("%s=%s" % (w.field_name, w.field_value) for w in (page.widgets() or [])),
            }
        )
    meta = doc.metadata or {}
    return {
        "pages": pages,
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
        ref_features = features(reference)
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
    for page in kept["features"]["pages"]:
        page["size"] = tuple(page["size"])
    return kept["pages"], kept["features"], kept["repaired"], renders


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    if request.get("prepare"):
        answer = prepare(request)
        sys.stdout.write(json.dumps(answer))
        sys.stdout.flush()
        os._exit(0)
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
            result["problems"] = problems_of(ref_features, features(doc))
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
    sys.stdout.write(json.dumps({"reference": {"pages": page_count, "repaired": bool(damaged)}, "results": results}))
    sys.stdout.flush()
    # PyMuPDF's SWIG layer reports "memory leak of type 'Colorspace *'" on stdout at exit: no exit handlers.
    os._exit(0)


if __name__ == "__main__":
    main()
