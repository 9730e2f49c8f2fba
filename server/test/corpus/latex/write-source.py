"""Writes field-report.tex and field-report.json (its known text) from text-corpus.py's generator.

    /usr/bin/python3 write-source.py   (the system Python, which has reportlab)

Run once; the .tex, the PDF pdflatex makes from it and the JSON are kept in the
repository, because texlive is not in the test set-up (the .tex says how to
rebuild the PDF). The prose is the corpus's field-station text with words that
TeX sets with the fi, fl, ff and ffi ligatures mixed in.
"""

import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("text_corpus", os.path.join(HERE, "..", "text-corpus.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)

LIGATURE_WORDS = "field fluctuated efficient affected difficult official flooding filtered offices fifty sufficient reflected".split()
HEADINGS_EVERY = 6
TABLE_AFTER = 13

PREAMBLE = r"""% Field station report: the LaTeX document of the text corpus (issue 30), with its
% known text in field-report.json. Written by write-source.py; kept with the PDF
% pdflatex made from it because texlive is not in the test set-up. To rebuild the
% PDF (Debian: texlive-latex-base, texlive-latex-recommended, lmodern), run twice:
%   SOURCE_DATE_EPOCH=1700000000 FORCE_SOURCE_DATE=1 pdflatex field-report.tex
% The settings below leave out the dates and the trailer ID, so a rebuild gives the same bytes.
\pdfinfoomitdate=1
\pdftrailerid{}
\pdfsuppressptexinfo=-1
\documentclass[10pt,a4paper,twocolumn]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\title{Field Station Report}
\author{Northern Valleys Monitoring Network}
\date{}
\begin{document}
\maketitle
"""


def tabular(rows):
    """A ruled table in the column: every row between \\hline rules, the header row first."""
    lines = [r"\begin{center}", r"\footnotesize", r"\setlength{\tabcolsep}{4pt}", r"\begin{tabular}{|l|l|r|r|r|}", r"\hline"]
    for row in rows:
        lines += [" & ".join(row) + r" \\", r"\hline"]
    return lines + [r"\end{tabular}", r"\end{center}"]


def main():
    vocabulary = corpus.WORDS + LIGATURE_WORDS
    blocks = corpus.document(39, 33, headings_every=HEADINGS_EVERY, tables_after=(TABLE_AFTER,), vocabulary=vocabulary)
    body = []
    for block in blocks:
        if "heading" in block:
            body += ["", rf"\section{{{block['heading']}}}"]
        elif "paragraph" in block:
            # The prose is letters, spaces, commas and full stops: nothing TeX would read as markup.
            body += ["", block["paragraph"]]
        else:
            body += [""] + tabular(block["table"])
    with open(os.path.join(HERE, "field-report.tex"), "w", encoding="utf-8") as handle:
        handle.write(PREAMBLE + "\n".join(body) + "\n\n\\end{document}\n")
    known = corpus.truth("pdfTeX (LaTeX twocolumn)", blocks)
    # pdflatex numbers the sections.
    known["headings"] = [f"{number} {heading}" for number, heading in enumerate(known["headings"], 1)]
    with open(os.path.join(HERE, "field-report.json"), "w", encoding="utf-8") as handle:
        json.dump(known, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
