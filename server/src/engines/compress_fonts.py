"""Font subsetting for Compress PDF (pdf-compress.py): TrueType programs embedded whole cut down
to the glyphs the pages' text uses (fontTools), where that cannot change what any page shows."""

import hashlib
import io
import logging
import re

import fitz

from compress_streams import REF, Limits, deflate, resolve

# fontTools reports each table it drops on stderr.
logging.getLogger("fontTools").setLevel(logging.ERROR)


def subset_fonts(doc, request):
    """`subset_font_programs`, or none at all when the document is too damaged to tell what its pages show."""
    try:
        return subset_font_programs(doc, request)
    except Exception as error:
        return {"fonts": [], "reason": str(error)[:200]}


def subset_font_programs(doc, request):
    """Subsets embedded TrueType fonts where that cannot change what any page shows.

    A font qualifies when it is embedded whole (no ABCDEF+ tag) as FontFile2,
    either a simple TrueType font or a CIDFontType2 under an Identity-H/V Type0
    font with the identity CID-to-glyph map; when no form, annotation, pattern
    or Type 3 glyph uses it (their text is not in the page's drawing commands
    MuPDF traces, and a form needs every glyph to type new values); when the
    document has no optional content (hidden layers' text is not traced); and
    when it has no CIDSet (PDF/A). The glyphs kept are those every page's
    drawing commands show with it, traced by MuPDF, by their glyph ids;
    fontTools keeps glyph ids as they were, so nothing else changes.
    """
    try:
        from fontTools import subset as ft_subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return {"fonts": [], "reason": "fontTools is not installed"}
    prefix = request["outputPrefix"]
    if doc.xref_get_key(doc.pdf_catalog(), "OCProperties")[0] != "null":
        return {"fonts": [], "reason": "optional content"}

    excluded = excluded_fonts(doc)
    same = {dup: group[0] for group in request.get("duplicates", []) for dup in group[1:]}
    candidates = {}  # font file xref -> info
    for xref in range(1, doc.xref_length()):
        try:
            if doc.xref_get_key(xref, "Type")[1] != "/Font":
                continue
            subtype = doc.xref_get_key(xref, "Subtype")[1]
            base = doc.xref_get_key(xref, "BaseFont")[1]
        except Exception:
            continue
        if re.match(r"/[A-Z]{6}\+", base or ""):
            continue
        descendant = None
        if subtype == "/Type0":
            enc = doc.xref_get_key(xref, "Encoding")[1]
            if enc not in ("/Identity-H", "/Identity-V"):
                continue
            df_kind, df = doc.xref_get_key(xref, "DescendantFonts")
            refs = REF.findall(resolve(doc, df) if df_kind == "xref" else df)
            if len(refs) != 1:
                continue
            descendant = int(refs[0])
            if doc.xref_get_key(descendant, "Subtype")[1] != "/CIDFontType2":
                continue
            c_kind, c_value = doc.xref_get_key(descendant, "CIDToGIDMap")
            if c_kind not in ("null",) and c_value != "/Identity":
                continue
            holder = descendant
        elif subtype == "/TrueType":
            holder = xref
        else:
            continue
        fd_kind, fd = doc.xref_get_key(holder, "FontDescriptor")
        if fd_kind != "xref":
            continue
        descriptor = int(fd.split()[0])
        ff_kind, ff = doc.xref_get_key(descriptor, "FontFile2")
        if ff_kind != "xref" or doc.xref_get_key(descriptor, "CIDSet")[0] != "null":
            continue
        # Identical copies of one program (merged files) are one font here: they will be stored once.
        file_xref = same.get(int(ff.split()[0]), int(ff.split()[0]))
        if xref in excluded or (descendant and descendant in excluded):
            candidates[file_xref] = None  # shared with something unsafe: never subset
            continue
        if file_xref in candidates and candidates[file_xref] is None:
            continue
        info = candidates.setdefault(file_xref, {"fonts": [], "names": set()})
        info["fonts"].append({"font": xref, "descendant": descendant, "descriptor": descriptor})
        info["names"].add(normal_name(base))
        for k in (descendant, descriptor):
            if k:
                nm = doc.xref_get_key(k, "BaseFont" if k == descendant else "FontName")[1]
                if nm:
                    info["names"].add(normal_name(nm))
    candidates = {k: v for k, v in candidates.items() if v}
    if not candidates:
        return {"fonts": []}

    # Glyphs shown, by font name (MuPDF reports the name, not the object).
    used = {}
    for page in doc:
        for span in page.get_texttrace():
            name = normal_name(span.get("font", ""))
            glyphs = used.setdefault(name, set())
            for ch in span.get("chars", ()):
                if ch[1] >= 0:
                    glyphs.add(ch[1])
    # A name shared by two font programs would mix their glyphs: those are left whole.
    owners = {}
    for file_xref, info in candidates.items():
        for n in info["names"]:
            owners.setdefault(n, set()).add(file_xref)

    out = []
    for file_xref, info in candidates.items():
        try:
            names = info["names"]
            if any(len(owners[n]) > 1 for n in names):
                continue
            data = doc.xref_stream(file_xref)
            if not data or len(data) > Limits.decoded:
                continue
            glyphs = set()
            for n in names | {normal_name(fitz.Font(fontbuffer=data).name)}:
                glyphs |= used.get(n, set())
            if not glyphs:
                # Nothing traced under any of its names: the name MuPDF reports is not known here.
                continue
            font = TTFont(io.BytesIO(data), recalcTimestamp=False)
            total = font["maxp"].numGlyphs
            glyphs = {g for g in glyphs if g < total}
            options = ft_subset.Options()
            options.retain_gids = True
            options.glyph_names = True
            options.notdef_outline = True
            options.name_IDs = ["*"]
            options.name_languages = ["*"]
            options.name_legacy = True
            options.legacy_cmap = True
            options.symbol_cmap = True
            options.layout_features = []
            options.hinting = True
            options.recalc_bounds = False
            options.prune_unicode_ranges = False
            options.drop_tables = ["DSIG", "GSUB", "GPOS", "GDEF", "JSTF", "BASE", "MATH", "kern"]
            subsetter = ft_subset.Subsetter(options)
            subsetter.populate(gids=sorted(glyphs | {0}))
            subsetter.subset(font)
            buf = io.BytesIO()
            font.save(buf)
            program = buf.getvalue()
            packed = deflate(program)
            old = len(doc.xref_stream_raw(file_xref))
            if len(packed) >= old:
                continue
            path = "%sfont-%d.bin" % (prefix, file_xref)
            with open(path, "wb") as f:
                f.write(packed)
            tag = subset_tag(file_xref, glyphs)
            out.append({"file": path, "xref": file_xref, "size": old, "newSize": len(packed), "length1": len(program), "glyphs": len(glyphs), "tag": tag, "fonts": info["fonts"]})
        except Exception:
            continue
    return {"fonts": out}


def subset_tag(xref, glyphs):
    """Six capital letters, stable for the same font and glyphs (PDF 9.6.4's subset tag)."""
    digest = hashlib.sha256(("%d:%s" % (xref, sorted(glyphs))).encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def normal_name(name):
    name = name.lstrip("/")
    name = re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name)
    name = re.sub(r"^[A-Z]{6}\+", "", name)
    return name


def excluded_fonts(doc):
    """Fonts that text outside the pages' own drawing commands uses: MuPDF's trace does not see it.

    That is the form's default resources (/DR: typing a new value needs every
    glyph), annotations' appearances, tiling patterns and Type 3 glyphs, with
    the forms they draw, followed through their resources only.
    """
    fonts = set()
    seen = set()

    def refs(text):
        return [int(r) for r in REF.findall(text or "")]

    def sub(xref, name):
        kind, value = doc.xref_get_key(xref, name)
        return "" if kind == "null" else (resolve(doc, value) if kind == "xref" else value)

    def walk(xref):
        """A content stream, form, pattern or Type 3 font: its resources' fonts, forms and patterns."""
        if xref in seen or xref <= 0 or xref >= doc.xref_length():
            return
        seen.add(xref)
        for font in refs(sub(xref, "Resources/Font")):
            fonts.add(font)
            fonts.update(refs(sub(font, "DescendantFonts")))
            if doc.xref_get_key(font, "Subtype")[1] == "/Type3":
                walk(font)
        for child in refs(sub(xref, "Resources/XObject")) + refs(sub(xref, "Resources/Pattern")):
            walk(child)

    acro = doc.xref_get_key(doc.pdf_catalog(), "AcroForm")
    if acro[0] != "null":
        for font in refs(sub(doc.pdf_catalog(), "AcroForm/DR/Font")):
            fonts.add(font)
            fonts.update(refs(sub(font, "DescendantFonts")))
    for page in doc:
        for annot in refs(sub(page.xref, "Annots")):
            for stream in refs(sub(annot, "AP")):
                walk(stream)
            # A widget's own default appearance names a /DR font: covered above.
        for pattern in refs(sub(page.xref, "Resources/Pattern")):
            walk(pattern)
    for xref in range(1, doc.xref_length()):
        try:
            if doc.xref_get_key(xref, "Subtype")[1] == "/Type3":
                fonts.add(xref)
                walk(xref)
        except Exception:
            continue
    return fonts
