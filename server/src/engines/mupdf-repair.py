"""A damaged PDF written out again as MuPDF reads it (server/src/engines/mupdf-repair.ts).

Reads a job from the JSON file named in argv[1]: {"input": "/abs/in.pdf", "output": "/abs/out.pdf"}.

MuPDF rebuilds a missing or wrong cross-reference table by scanning the file's
objects (its own repair, independent of qpdf's and Ghostscript's), and saving
with `clean` parses and rewrites every page's content, so that what still
parses is kept and what does not is dropped; `garbage` drops the objects no
page uses. The structure around the pages (bookmarks, forms, links) is kept.

Answers one JSON object on stdout: {"pages": n} (exit 0), or
{"error": "password"} / {"error": "damaged", "reason": "..."} (exit 2).
"""
import json
import sys

import fitz


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    # MuPDF's warnings about the damage it meets go to stderr, not into the answer.
    fitz.TOOLS.mupdf_display_errors(False)
    try:
        document = fitz.open(job["input"], filetype="pdf")
    except Exception as error:  # noqa: BLE001 (FileDataError, RuntimeError: the file's fault either way)
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        return 2
    with document:
        if document.needs_pass:
            print(json.dumps({"error": "password"}))
            return 2
        pages = document.page_count
        if pages == 0:
            print(json.dumps({"error": "damaged", "reason": "no page found"}))
            return 2
        try:
            document.save(job["output"], garbage=3, clean=True, deflate=True, encryption=fitz.PDF_ENCRYPT_NONE)
        except Exception as error:  # noqa: BLE001
            print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
            return 2
    print(json.dumps({"pages": pages}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
