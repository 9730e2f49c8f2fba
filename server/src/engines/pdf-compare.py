"""Does a compressed PDF still show what the original showed? For server/src/engines/pdf-compress.ts.

Run as `python3 -I -B pdf-compare.py <request.json>` inside the job's sandbox:

  {"reference": "/job/upload.pdf", "candidates": ["/job/a.pdf", "/job/b.pdf"],
   "dpi": 50, "samplePages": 12, "minSsim": 0.93, "minPsnr": 28, "firstPass": true}

Each candidate is checked against the reference, in the order given (the
smallest first), as compress_compare.py (beside this script) describes. The
same check ends pdf-compress.py's session, which saves this script's start.

Answers {"reference": {"pages": n, "repaired": bool}, "results": [{"path",
"passed", "worstSsim", "worstPsnr", "worstPage", "problems": [...]}, ...]}
where `repaired` says the reference's structure is damaged (MuPDF rebuilt its
cross-reference table, or warned of a stream's wrong length, a missing endobj...). Exit code 2 with {"error": "damaged"} when the reference cannot be opened.
With `uploadSize`, a candidate no smaller is not checked (it could only be
answered for a damaged reference, which comes back repaired).

With `cache` (`cache`.json and `cache`.npz, the reference's features and
sampled renders, written by a pdf-compress.py session) the reference is not
read again: only the candidates are rendered.
"""

import json
import os
import sys

# The module beside this script (the sandbox runs it with -I, which leaves its folder off the path).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from compress_compare import compare  # noqa: E402


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    sys.stdout.write(json.dumps(compare(request)))
    sys.stdout.flush()
    # PyMuPDF's SWIG layer reports "memory leak of type 'Colorspace *'" on stdout at exit: no exit handlers.
    os._exit(0)


if __name__ == "__main__":
    main()
