"""Stream, image and font work for Compress PDF, for server/src/engines/pdf-compress.ts.

Run as `python3 -I -B pdf-compress.py <request.json>` inside the job's sandbox,
always on a file qpdf has already rewritten (decrypted, cross-reference table
repaired), so that MuPDF and qpdf number its objects alike. Nothing here writes
a PDF: each command reads the document and writes new stream data into files
of the job's folder; qpdf then puts them in (its JSON update mode).

  {"command": "compress", "input": "/job/base.pdf", "outputPrefix": "/job/x-",
   "settings": {...}, "workers": 2, "fonts": true}
      Analyses the document (`analyse`), then recodes every stream but the
      duplicates (`work`) in `workers` processes forked from this one, and with
      `fonts` subsets the fonts (`subset_fonts`) in one more. Answers the
      analysis, each stream's outcome, and the fonts subset.

  {"command": "work", "input": ..., "outputPrefix": ..., "tasks": [...],
   "settings": {...}, "workers": 2, "grid": null | [[dpi, quality], ...]}
      Recodes the streams of `tasks`. Without a grid: writes the smaller data of
      each stream that got smaller, and says how to change its dictionary. With
      a grid (the target-size search): writes nothing and answers, for every
      [dpi, quality] point, the size each image would take.

  {"command": "session", ... as for "compress", "reference": {"reference":
   "/job/upload.pdf", "cache": "/job/r-", "dpi": 50, "samplePages": 12},
   "compareRequest": "/job/c.json"}
      A whole job's Python work in one process, saving the start of two more:
      while `compress` runs, a process forked from this one reads the upload
      for the comparison (compress_compare.py's `prepare`); the pass's answer
      goes to `outputPrefix`pass.json, announced on stderr as
      "pass <file>". Then the script waits for `compareRequest` to appear
      (written whole by the server once the candidates exist): {"candidates",
      "minSsim", "minPsnr", "firstPass", "uploadSize"} answers the comparison
      on stdout (as pdf-compare.py does); {"stop": true} ends the session.

  {"command": "analyse", ...} and {"command": "fonts", ...}: those steps alone.

Settings: level (1-9), dpi and quality (lossy levels), grayscale, threshold
(resample only pictures shown finer than dpi x threshold), lineArt, and the
most bytes one stream may decode to (maxDecodedBytes).

Answers one JSON object on stdout; {"error": "damaged", "reason": ...} with exit
code 2 when MuPDF cannot open the file. Anything going wrong with one stream or
one font leaves that stream or font as it was: a damaged image never fails the
document, and a worker that dies leaves only its share as it was.

The work itself is in the modules beside this script: compress_streams.py
(reading streams, filter chains, decoding), compress_analysis.py (what the
document holds and where its images are shown), compress_images.py (storing
one image better) and compress_fonts.py (subsetting fonts).
"""

import json
import os
import sys
import time

import fitz

# The modules beside this script (the sandbox runs it with -I, which leaves its folder off the path).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from compress_analysis import analyse  # noqa: E402
from compress_fonts import subset_fonts  # noqa: E402
from compress_images import ImageJob, best_for, flate_recompress  # noqa: E402
from compress_streams import FLATE, Limits, ends_in_jpeg, filters_of  # noqa: E402

fitz.TOOLS.mupdf_display_errors(False)
fitz.TOOLS.mupdf_display_warnings(False)


# ---------------------------------------------------------------- the work, shared out


def work(doc, tasks, settings, prefix, grid=None):
    """Recodes `tasks` (one share of the work, in this process)."""
    Limits.decoded = settings.get("maxDecodedBytes", Limits.decoded)
    level = settings["level"]
    results = []
    sizes = []
    for task in tasks:
        xref = task["xref"]
        try:
            raw = doc.xref_stream_raw(xref)
            filters = filters_of(doc, xref)
            if not task.get("image"):
                if filters == [FLATE] and not grid:
                    c = flate_recompress(doc, xref, raw)
                    if c and len(c.data) < len(raw):
                        results.append(write(prefix, xref, c, len(raw)))
                continue
            job = ImageJob(doc, task, settings)
            if grid:
                lossless = best_for(job, raw, filters, min(level, 3), None, None)
                base = len(lossless.data) if lossless else len(raw)
                row = []
                for dpi, quality in grid:
                    c = best_for(job, raw, filters, 9, dpi, quality)
                    row.append(min(base, len(c.data)) if c else base)
                sizes.append({"xref": xref, "size": len(raw), "base": base, "sizes": row})
            else:
                c = best_for(job, raw, filters, level, settings.get("dpi"), settings.get("quality"))
                unwrapped_jpeg = c is not None and c.changes.get("Unwrap") and ends_in_jpeg(filters)
                if c is not None and not (unwrapped_jpeg and level >= 2):
                    results.append(write(prefix, xref, c, len(raw)))
                elif ends_in_jpeg(filters) and level >= 2 and job.jpeg() is not None and len(job.jpeg()) >= settings.get("minJpegtranBytes", 8192):
                    # Kept as JPEG: offered to jpegtran, unwrapped from its other filters if it had any.
                    path = "%s%d.jpg" % (prefix, xref)
                    with open(path, "wb") as f:
                        f.write(job.jpeg())
                    results.append({"xref": xref, "jpeg": True, "file": path, "size": len(raw), "unwrapped": len(filters) > 1})
                elif c is not None:
                    results.append(write(prefix, xref, c, len(raw)))
        except Exception as error:  # one damaged stream never fails the document
            results.append({"xref": xref, "skipped": str(error)[:200]})
    return {"results": results, "sizes": sizes}


# Work (stream bytes, images counted four times) below which one process does it all: see `recode`.
SMALL_WORK = 2 * 1024 * 1024


def weight(task):
    """How much work a stream is: its bytes, an image's four times (decoded, resampled, encoded)."""
    return task["size"] * (4 if task.get("image") else 1)


def shares(tasks, count):
    """Tasks shared out between `count` processes, largest first to the least loaded."""
    count = max(1, min(count, len(tasks)))
    loads = [[0, []] for _ in range(count)]
    for task in sorted(tasks, key=lambda t: -t["size"]):
        lightest = min(loads, key=lambda load: load[0])
        lightest[0] += weight(task)
        lightest[1].append(task)
    return [items for _, items in loads if items]


def in_parallel(path, jobs, prefix, isolated=False):
    """Runs each job (a function of an open document) in a process of its own, forked from this one.

    Each child opens the document afresh and writes its answer to a file; a
    child that dies (a decoder crashing on a damaged picture) answers None, and
    only its share is left as it was.
    """
    if len(jobs) == 1 and not isolated:
        return [jobs[0](fitz.open(path))]
    children = []
    for index, job in enumerate(jobs):
        out = "%sresult-%d.json" % (prefix, index)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                answer = job(fitz.open(path))
                with open(out, "w") as f:
                    json.dump(answer, f)
                code = 0
            finally:
                os._exit(code)
        children.append((pid, out))
    answers = []
    for pid, out in children:
        _, status = os.waitpid(pid, 0)
        try:
            with open(out) as f:
                answers.append(json.load(f) if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else None)
            os.remove(out)
        except (OSError, ValueError):
            answers.append(None)
    return answers


def recode(path, tasks, settings, prefix, workers, grid=None, fonts=None):
    """`work` over all tasks in `workers` processes, and font subsetting in one more when `fonts` is a request.

    Little work (most documents) is done in one process: each process more
    opens the document again, and on a busy machine shares cores rather than
    adding any. It is still a process of its own, so that a decoder crashing
    on a damaged picture costs only what it was doing."""
    if sum(weight(t) for t in tasks) < SMALL_WORK:
        parts = [tasks] if tasks else []
        jobs = [lambda d: together(d, tasks, settings, "%s0-" % prefix, grid, fonts)] if tasks or fonts is not None else []
        answers = in_parallel(path, jobs, prefix, isolated=True) if jobs else []
    else:
        parts = shares(tasks, workers) if tasks else []
        jobs = [lambda d, part=part, i=i: work(d, part, settings, "%s%d-" % (prefix, i), grid) for i, part in enumerate(parts)]
        if fonts is not None:
            jobs.append(lambda d: subset_fonts(d, fonts))
        answers = in_parallel(path, jobs, prefix) if jobs else []
    results, sizes, subset = [], [], []
    for index, answer in enumerate(answers):
        part = parts[index] if index < len(parts) else []
        if answer is None:
            results.extend({"xref": t["xref"], "skipped": "worker failed"} for t in part)
            continue
        results.extend(answer.get("results", []))
        sizes.extend(answer.get("sizes", []))
        subset.extend(answer.get("fonts", []))
    return {"results": results, "sizes": sizes, "fonts": subset}


def together(doc, tasks, settings, prefix, grid, fonts):
    """`work` and then font subsetting, in one process."""
    answer = work(doc, tasks, settings, prefix, grid) if tasks else {"results": [], "sizes": []}
    if fonts is not None:
        answer["fonts"] = subset_fonts(doc, fonts).get("fonts", [])
    return answer


def compress(doc, path, request):
    """Analysis, then every stream recoded and fonts subset, in parallel."""
    prefix = request["outputPrefix"]
    analysis = analyse(doc, request)
    dropped = {dup for group in analysis["duplicates"] for dup in group[1:]}
    tasks = [t for t in analysis["streams"] if t["xref"] not in dropped and not t.get("pageContent") and t["size"] >= request.get("minStreamBytes", 64)]
    fonts = {"outputPrefix": prefix + "font-", "duplicates": analysis["duplicates"]} if request.get("fonts") and not analysis["optionalContent"] else None
    doc.close()
    return {"analysis": analysis, **recode(path, tasks, request["settings"], prefix, request.get("workers", 1), fonts=fonts)}


def session(doc, path, request):
    """`compress`, the upload read for the comparison meanwhile, then the comparison once asked for."""
    reference = request["reference"]
    preparing = os.fork()
    if preparing == 0:
        # The child's answer is its cache files; stdout is the parent's to answer on.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            from compress_compare import prepare

            prepare(reference)
        finally:
            os._exit(0)
    answer = compress(doc, path, request)
    pass_file = request["outputPrefix"] + "pass.json"
    with open(pass_file, "w") as f:
        json.dump(answer, f)
    sys.stderr.write("pass %s\n" % pass_file)
    sys.stderr.flush()
    # Loaded while the server writes the candidates.
    from compress_compare import compare

    asked = wait_for(request["compareRequest"])
    os.waitpid(preparing, 0)
    if asked.get("stop"):
        return
    # The pass is done and its processes gone: the candidates' pages are read by the same number.
    sys.stdout.write(json.dumps(compare({**reference, **asked, "workers": request.get("workers", 1)})))
    sys.stdout.flush()


def wait_for(path):
    """The JSON file at `path`, once it exists (the server writes it whole, then renames it there)."""
    pause = 0.002
    while not os.path.exists(path):
        time.sleep(pause)
        pause = min(0.02, pause * 1.5)
    with open(path) as f:
        return json.load(f)


def write(prefix, xref, cand, old_size):
    path = "%s%d.bin" % (prefix, xref)
    with open(path, "wb") as f:
        f.write(cand.data)
    return {"xref": xref, "file": path, "size": old_size, "newSize": len(cand.data), "changes": cand.changes, "lossy": cand.lossy}


# ---------------------------------------------------------------- main


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    path = request["input"]
    try:
        doc = fitz.open(path)
    except Exception as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        sys.exit(2)
    command = request["command"]
    Limits.decoded = request.get("maxDecodedBytes", Limits.decoded)
    prefix = request["outputPrefix"]
    workers = request.get("workers", 1)
    if command == "analyse":
        answer = analyse(doc, request)
    elif command == "compress":
        answer = compress(doc, path, request)
    elif command == "session":
        session(doc, path, request)
        # PyMuPDF's SWIG layer reports "memory leak of type 'Colorspace *'" on stdout at exit: no exit handlers.
        os._exit(0)
    elif command == "work":
        doc.close()
        answer = recode(path, request["tasks"], request["settings"], prefix, workers, grid=request.get("grid"))
    elif command == "fonts":
        answer = subset_fonts(doc, request)
    else:
        raise SystemExit("unknown command " + command)
    sys.stdout.write(json.dumps(answer))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
