"""Documents with known text from several producers, for the text converters' tests and bench.

    python3 text-corpus.py <output folder> <name>...

Writes <name>.pdf and <name>.json for each name (all of them when none is
given). The JSON is what the document says: {"producer", "paragraphs",
"headings", "tables"} with the paragraphs in reading order, each as one line of
text, and each table as rows of cell texts, header row first.

The text is generated from a seed (a small field-station vocabulary, sentences
of 8 to 16 words, paragraphs of 60 to 110 words), so every producer sets the
same prose and nothing binary is kept in the repository:
  reportlab-two-frame      A4, two frames of 8 cm, 10 pt Times justified, 16 pages,
                           three ruled tables with a dark-blue header row (issue 30)
  reportlab-ruled-table    one page: two ruled tables, grey grid, header filled dark
                           blue with white text, striped rows (cell backgrounds)
  writer-two-column        LibreOffice Writer, a two-column section, justified
  docx-justified-hyphenated  a DOCX (saved by LibreOffice) in two columns, justified,
                           long words hyphenated where a line ends, exported to PDF
  docx-ragged              the same DOCX left-aligned without hyphenation
  chromium-columns         Chromium printing CSS columns, justified, hyphenated
  groff-two-column         groff -ms with .2C (two columns), justified and hyphenated by
                           groff itself, first lines indented, through ps2pdf
  groff-ragged             the same left-aligned (.na) without hyphenation (.nh)
  scan                     a ragged one-column page rendered at 150 dpi and wrapped
                           by img2pdf: pictures of text, no text layer
LaTeX's document is not made here (texlive is not in the test set-up): latex/ holds its
source, the PDF pdflatex made from it and its known text, written once by
latex/write-source.py from this generator's text (text-corpus.ts loads them as they are).
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer, Table, TableStyle

DARK_BLUE = colors.HexColor("#1F3864")
GRID_GREY = colors.HexColor("#9A9A9A")
STRIPE = colors.HexColor("#E8ECF4")
SOFT_HYPHEN = "\u00ad"

# ---------------------------------------------------------------- text

WORDS = (
    "the station recorded rainfall across northern valleys while volunteers measured temperature humidity and wind "
    "during several weeks of unusually settled weather observers noted that morning readings were consistently "
    "lower than afternoon values although the instruments had been recalibrated before the season began most "
    "sites reported complete records but two remote stations lost data after storms damaged their batteries "
    "analysts compared these measurements with historical averages and found moderate increases in evaporation "
    "groundwater levels remained stable throughout the catchment despite irrigation demand from surrounding farms "
    "maintenance teams replaced sensors cleaned collectors and documented every adjustment in the logbook"
).split()
LONG_WORDS = [w for w in set(WORDS) if len(w) >= 9]
HEADINGS = [
    "Rainfall and Runoff", "Temperature Records", "Instrument Maintenance", "Groundwater Levels", "Wind Observations",
    "Data Quality", "Remote Stations", "Seasonal Comparison", "Evaporation Estimates", "Volunteer Network",
    "Storm Damage", "Calibration Notes", "Catchment Summary", "Farm Irrigation", "Logbook Review", "Outlook",
]
STATIONS = ["Ashford", "Birchmoor", "Calder", "Dunmere", "Elmstead", "Fairholme", "Glenrock", "Hartwell"]


def sentence(rng, vocabulary=WORDS):
    words = [rng.choice(vocabulary) for _ in range(rng.randint(8, 16))]
    if len(words) > 10 and rng.random() < 0.4:
        words[rng.randint(4, len(words) - 4)] += ","
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def paragraph(rng, vocabulary=WORDS):
    sentences, count = [], 0
    target = rng.randint(60, 110)
    while count < target - 6:
        s = sentence(rng, vocabulary)
        sentences.append(s)
        count += len(s.split())
    return " ".join(sentences)


def table(rng, title_column="Station"):
    header = [title_column, "Region", "Readings", "Mean (mm)", "Max (mm)"]
    rows = [header]
    for station in rng.sample(STATIONS, 5):
        rows.append([station, rng.choice(["North", "South", "East", "West"]), str(rng.randint(20, 90)), f"{rng.uniform(1, 9):.1f}", f"{rng.uniform(10, 40):.1f}"])
    return rows


def document(seed, paragraphs, headings_every=0, tables_after=(), vocabulary=WORDS):
    """Blocks in reading order: headings, paragraphs and (after the given paragraph numbers) tables."""
    rng = random.Random(seed)
    blocks = []
    for index in range(paragraphs):
        if headings_every and index % headings_every == 0:
            blocks.append({"heading": HEADINGS[(index // headings_every) % len(HEADINGS)]})
        blocks.append({"paragraph": paragraph(rng, vocabulary)})
        if index in tables_after:
            blocks.append({"table": table(rng)})
    return blocks


def hyphenatable(text):
    """Long words get a soft hyphen in the middle: the producer may break them there, with a visible hyphen."""
    out = []
    for word in text.split(" "):
        bare = word.rstrip(".,")
        if bare.lower() in LONG_WORDS:
            middle = len(bare) // 2
            word = bare[:middle] + SOFT_HYPHEN + bare[middle:] + word[len(bare):]
        out.append(word)
    return " ".join(out)


def truth(producer, blocks):
    return {
        "producer": producer,
        "paragraphs": [b["paragraph"] for b in blocks if "paragraph" in b],
        "headings": [b["heading"] for b in blocks if "heading" in b],
        "tables": [b["table"] for b in blocks if "table" in b],
    }

# ---------------------------------------------------------------- ReportLab


def ruled_table(rows, filled_header):
    result = Table(rows, hAlign="LEFT")
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.5, GRID_GREY),
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if filled_header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), DARK_BLUE),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ]
    result.setStyle(TableStyle(commands))
    return result


def reportlab_pdf(blocks, output, two_frames, justified, filled_header=True):
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=12.5, spaceAfter=6, alignment=TA_JUSTIFY if justified else TA_LEFT)
    heading = ParagraphStyle("heading", fontName="Times-Bold", fontSize=13, leading=16, spaceBefore=6, spaceAfter=6)
    margin = 2 * cm
    width, height = A4
    doc = BaseDocTemplate(output, pagesize=A4, leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin, title="Field station report")
    if two_frames:
        column = 8 * cm
        gap = width - 2 * margin - 2 * column
        frames = [Frame(margin + i * (column + gap), margin, column, height - 2 * margin, leftPadding=0, rightPadding=0) for i in range(2)]
    else:
        frames = [Frame(margin, margin, width - 2 * margin, height - 2 * margin, leftPadding=0, rightPadding=0)]
    doc.addPageTemplates([PageTemplate(id="page", frames=frames)])
    flow = []
    for block in blocks:
        if "heading" in block:
            flow.append(Paragraph(escape(block["heading"]), heading))
        elif "paragraph" in block:
            flow.append(Paragraph(escape(block["paragraph"]), body))
        else:
            flow += [Spacer(1, 4), ruled_table(block["table"], filled_header), Spacer(1, 8)]
    doc.build(flow)

# ---------------------------------------------------------------- LibreOffice

FODT_NAMESPACES = " ".join([
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
])


def flat_odt(blocks, justified, hyphenate):
    align = "justify" if justified else "start"
    body = []
    for block in blocks:
        if "heading" in block:
            body.append(f'<text:h text:style-name="Head" text:outline-level="1">{escape(block["heading"])}</text:h>')
        else:
            text = hyphenatable(block["paragraph"]) if hyphenate else block["paragraph"]
            body.append(f'<text:p text:style-name="Body">{escape(text)}</text:p>')
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {FODT_NAMESPACES} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Liberation Serif" svg:font-family="'Liberation Serif'"/></office:font-face-decls>
<office:styles>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:text-align="{align}" fo:margin-top="0cm" fo:margin-bottom="0.2cm"/><style:text-properties style:font-name="Liberation Serif" fo:font-size="10pt"/></style:style>
<style:style style:name="Head" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/><style:text-properties style:font-name="Liberation Serif" fo:font-size="13pt" fo:font-weight="bold"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="A4"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"/></style:page-layout>
<style:style style:name="Columns" style:family="section"><style:section-properties><style:columns fo:column-count="2" fo:column-gap="0.8cm"/></style:section-properties></style:style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A4"/></office:master-styles>
<office:body><office:text><text:section text:style-name="Columns" text:name="Columns">{"".join(body)}</text:section></office:text></office:body>
</office:document>
"""


def soffice(source, target_format, folder):
    profile = os.path.join(folder, "profile")
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore", "--convert-to", target_format, "--outdir", folder, source],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180,
    )
    stem = os.path.splitext(os.path.basename(source))[0]
    return os.path.join(folder, f"{stem}.{target_format.split(':')[0]}")


def writer_pdf(blocks, output, justified, hyphenate, via_docx):
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "source.fodt")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(flat_odt(blocks, justified, hyphenate))
        if via_docx:
            docx = soffice(source, 'docx:MS Word 2007 XML', folder)
            renamed = os.path.join(folder, "exported.docx")
            os.rename(docx, renamed)
            source = renamed
        shutil.copy(soffice(source, "pdf", folder), output)

# ---------------------------------------------------------------- Chromium


def chromium_pdf(blocks, output):
    body = []
    for block in blocks:
        if "heading" in block:
            body.append(f"<h2>{escape(block['heading'])}</h2>")
        else:
            body.append(f"<p>{escape(hyphenatable(block['paragraph']))}</p>")
    html = f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
@page {{ size: A4; margin: 2cm; }}
body {{ font: 10pt/1.25 'Liberation Serif', serif; column-count: 2; column-gap: 0.8cm; margin: 0; }}
p {{ text-align: justify; hyphens: manual; margin: 0 0 6pt 0; }}
h2 {{ font-size: 13pt; margin: 8pt 0 6pt 0; break-after: avoid; }}
</style></head><body>{"".join(body)}</body></html>"""
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.html")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(html)
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--user-data-dir={folder}/profile", f"--print-to-pdf={output}", f"file://{page}"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
        )

# ---------------------------------------------------------------- groff


def groff_source(blocks, justified):
    """-ms source: .SH headings, .PP paragraphs (indented first line, a little space before), two columns from .2C."""
    lines = [".nr PS 10", ".nr VS 12", ".nr LL 17c", ".TL", "Field station report", ".2C"]
    if not justified:
        # ms resets adjustment and hyphenation at every paragraph: set them in the paragraph hook it calls.
        lines += [".de pg@ragged", ".na", ".nh", "..", ".am PP", ".pg@ragged", "..", ".am SH", ".pg@ragged", ".."]
    for block in blocks:
        if "heading" in block:
            lines += [".SH", block["heading"]]
        else:
            # A line starting with a dot or an apostrophe would be a request: none of the prose does, \& guards anyway.
            lines += [".PP", "\\&" + block["paragraph"]]
    return "\n".join(lines) + "\n"


def groff_pdf(blocks, output, justified):
    with tempfile.TemporaryDirectory() as folder:
        postscript = os.path.join(folder, "report.ps")
        with open(postscript, "wb") as handle:
            typeset = subprocess.run(["groff", "-ms", "-Tps", "-dpaper=a4", "-P-pa4"], input=groff_source(blocks, justified).encode(), check=True, capture_output=True, timeout=120)
            handle.write(typeset.stdout)
        subprocess.run(["ps2pdf", "-sPAPERSIZE=a4", postscript, output], check=True, timeout=120)

# ---------------------------------------------------------------- scan


def scan_pdf(blocks, output):
    with tempfile.TemporaryDirectory() as folder:
        typed = os.path.join(folder, "typed.pdf")
        reportlab_pdf(blocks, typed, two_frames=False, justified=False)
        subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", typed, os.path.join(folder, "page")], check=True)
        pages = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.startswith("page") and name.endswith(".png"))
        subprocess.run(["img2pdf", "--output", output, *pages], check=True)

# ---------------------------------------------------------------- the corpus


def build(name, output):
    if name == "reportlab-two-frame":
        blocks = document(30, 134, headings_every=10, tables_after=(44, 84, 110))
        reportlab_pdf(blocks, output, two_frames=True, justified=True)
        return truth("ReportLab", blocks)
    if name == "reportlab-ruled-table":
        rng = random.Random(31)
        blocks = [{"heading": "Station Summary"}, {"paragraph": paragraph(rng)}, {"table": table(rng)}, {"paragraph": paragraph(rng)}, {"table": table(rng, "Site")}]
        reportlab_pdf(blocks, output, two_frames=False, justified=False)
        return truth("ReportLab", blocks)
    if name == "writer-two-column":
        blocks = document(32, 30, headings_every=6)
        writer_pdf(blocks, output, justified=True, hyphenate=False, via_docx=False)
        return truth("LibreOffice Writer", blocks)
    if name == "docx-justified-hyphenated":
        blocks = document(33, 30, headings_every=6)
        writer_pdf(blocks, output, justified=True, hyphenate=True, via_docx=True)
        return truth("LibreOffice (DOCX)", blocks)
    if name == "docx-ragged":
        blocks = document(34, 30, headings_every=6)
        writer_pdf(blocks, output, justified=False, hyphenate=False, via_docx=True)
        return truth("LibreOffice (DOCX)", blocks)
    if name == "chromium-columns":
        blocks = document(35, 30, headings_every=6)
        chromium_pdf(blocks, output)
        return truth("Chromium", blocks)
    if name == "groff-two-column":
        blocks = document(37, 40, headings_every=8)
        groff_pdf(blocks, output, justified=True)
        return truth("groff -ms", blocks)
    if name == "groff-ragged":
        blocks = document(38, 40, headings_every=8)
        groff_pdf(blocks, output, justified=False)
        return truth("groff -ms", blocks)
    if name == "scan":
        blocks = document(36, 4, headings_every=4)
        scan_pdf(blocks, output)
        return truth("img2pdf (scan)", blocks)
    raise SystemExit(f"unknown document {name}")


NAMES = [
    "reportlab-two-frame", "reportlab-ruled-table", "writer-two-column", "docx-justified-hyphenated", "docx-ragged", "chromium-columns",
    "groff-two-column", "groff-ragged", "scan",
]

if __name__ == "__main__":
    folder, names = sys.argv[1], sys.argv[2:] or NAMES
    os.makedirs(folder, exist_ok=True)
    for name in names:
        pdf = os.path.join(folder, f"{name}.pdf")
        known = build(name, pdf + ".part")
        os.replace(pdf + ".part", pdf)
        with open(os.path.join(folder, f"{name}.json"), "w", encoding="utf-8") as handle:
            json.dump(known, handle, indent=1)
