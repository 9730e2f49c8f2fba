"""Shaped text blocks as PDF pages (server/src/engines/pango.ts).

Reads a job from the JSON file named in argv[1]:
  {"output": "/abs/blocks.pdf",
   "blocks": [{"text": "...", "family": "Noto Sans Arabic", "language": "ar",
               "size": 30, "colour": [1, 0, 0], "align": "left" | "center" | "right"}]}
and writes one PDF page per block, sized to the block (its logical box and its
ink, whichever reaches further), with the text as real text: Pango shapes it
with HarfBuzz (Arabic joining, Indic and Thai marks, ligatures), orders each
paragraph with the Unicode bidirectional algorithm, and picks fonts through
fontconfig, falling back to any installed font that has a character. cairo
embeds the font subsets once for the whole file and writes ToUnicode maps
(ActualText where a glyph stands for several characters), so text extraction
reads the text back in logical order.

Answers one JSON object on stdout:
  {"blocks": [{"width": w, "height": h, "left": x, "bottom": y, "baseline": b,
               "pageWidth": pw, "pageHeight": ph, "missing": ["U+1F600", ...]}]}
in points: the logical box is `width` x `height`, its lower-left corner at
(`left`, `bottom`) on the block's page (PDF coordinates, origin lower-left);
`baseline` is the first line's baseline below the logical box's top. `missing`
lists characters no installed font can draw (they would show as boxes).
"""
import json
import sys
import unicodedata

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
import cairo  # noqa: E402
from gi.repository import Pango, PangoCairo  # noqa: E402

ALIGNMENTS = {"left": Pango.Alignment.LEFT, "center": Pango.Alignment.CENTER, "right": Pango.Alignment.RIGHT}
# Characters that draw nothing of their own (controls, format marks such as the
# bidi ones, spaces and separators) are not looked for in fonts.
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zs", "Zl", "Zp"}


def scaled(units):
    return units / Pango.SCALE


def font_options():
    # Exact outlines and advances: no hinting, no rounding to a pixel grid.
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    return options


def make_layout(cr, block):
    context = PangoCairo.create_context(cr)
    PangoCairo.context_set_font_options(context, font_options())
    context.set_round_glyph_positions(False)
    if block.get("language"):
        context.set_language(Pango.Language.from_string(block["language"]))
    layout = Pango.Layout.new(context)
    # set_family, not from_string: a family whose last word is a style ("Nimbus Roman",
    # "Times New Roman") would otherwise lose that word to the style.
    description = Pango.FontDescription()
    description.set_family(block["family"])
    # Absolute size: device units, which are points on a PDF surface.
    description.set_absolute_size(block["size"] * Pango.SCALE)
    layout.set_font_description(description)
    layout.set_alignment(ALIGNMENTS.get(block.get("align"), Pango.Alignment.LEFT))
    layout.set_auto_dir(True)
    layout.set_text(block["text"], -1)
    return layout, context, description


def missing_characters(context, description, language, text):
    fontset = context.get_font_map().load_fontset(context, description, language)
    missing = []
    for char in dict.fromkeys(text):
        if unicodedata.category(char) in INVISIBLE_CATEGORIES:
            continue
        font = fontset.get_font(ord(char))
        if font is None or not font.has_char(char):
            missing.append("U+%04X" % ord(char))
    return missing


def main():
    with open(sys.argv[1], encoding="utf-8") as job_file:
        job = json.load(job_file)
    # The first page's size is set again per block before anything is drawn on it.
    surface = cairo.PDFSurface(job["output"], 1, 1)
    answers = []
    for block in job["blocks"]:
        cr = cairo.Context(surface)
        layout, context, description = make_layout(cr, block)
        ink, logical = layout.get_extents()
        left = min(ink.x, logical.x) if ink.width and ink.height else logical.x
        top = min(ink.y, logical.y) if ink.width and ink.height else logical.y
        right = max(ink.x + ink.width, logical.x + logical.width)
        bottom = max(ink.y + ink.height, logical.y + logical.height)
        page_width = max(scaled(right - left), 1)
        page_height = max(scaled(bottom - top), 1)
        surface.set_size(page_width, page_height)
        cr = cairo.Context(surface)
        layout, context, description = make_layout(cr, block)
        red, green, blue = block["colour"]
        cr.set_source_rgb(red, green, blue)
        cr.move_to(-scaled(left), -scaled(top))
        PangoCairo.show_layout(cr, layout)
        cr.show_page()
        language = Pango.Language.from_string(block["language"]) if block.get("language") else None
        answers.append(
            {
                "width": scaled(logical.width),
                "height": scaled(logical.height),
                "left": scaled(logical.x - left),
                "bottom": page_height - scaled(logical.y - top) - scaled(logical.height),
                "baseline": scaled(layout.get_baseline()),
                "pageWidth": page_width,
                "pageHeight": page_height,
                "missing": missing_characters(context, description, language, block["text"]),
            }
        )
    surface.finish()
    json.dump({"blocks": answers}, sys.stdout)


if __name__ == "__main__":
    main()
