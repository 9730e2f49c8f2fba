"""The second half of Auto Redact, for pdf-redact.py: after MuPDF has taken the
terms out of the pages' text, everything else the file carries is swept with
the same matcher (pikepdf, Debian's python3-pikepdf).

- Every string of every object, whatever its spelling in the file (literal,
  hex, octal escapes; PDFDocEncoding, or UTF-16 or UTF-8 behind a byte order
  mark): document properties, bookmark titles, annotations' /Contents, /T,
  /Subj and /RC, form fields' /V, /DV, /TU and /T, page label prefixes,
  structure elements' /Alt, /ActualText, /E and /T, thread titles, name tree
  keys, URIs, script strings. Each match becomes a marker ("[redacted]"), or,
  when a term would match the marker itself, the next marker or nothing.
- Destination names (/Dests keys, /Dest and GoTo /D names) are renamed the
  same way as the strings naming them, so links still reach them.
- An annotation a string of which changed, or whose appearance still shows a
  term, loses its appearance: viewers draw it again from what is left (form
  fields through /NeedAppearances).
- Form fields none of whose widgets is on a page any more (the page redaction
  deletes widgets over a match) leave /AcroForm /Fields.
- Embedded files whose name or content holds a term are dropped (their data,
  their name tree entry, their attachment annotation); content is searched
  as text in several encodings, inside ZIP archives (office documents) and
  inside PDFs. A file that cannot be read through (an encrypted PDF, a
  damaged archive, one too large to search) is dropped too.
- Marked content properties in content streams (/ActualText, /Alt, /E of BDC
  and DP operators), XMP packets other than the document's (pages, images),
  JavaScript streams.
- /PieceInfo (private application data) is removed everywhere.
- Streams of a kind the sweep does not know that still hold a term are
  reported as not cleared, never changed blindly.
"""
import datetime
import io
import zipfile

import pikepdf
import pikepdf.codec  # noqa: F401  (registers the "pdfdoc" codec)
from lxml import etree
from pikepdf import Array, Dictionary, Name, Operator, Stream, String

# Places the report names (see web/src/result-views/RedactionSummaryView.tsx for their wording).
INFO = "document-properties"
XMP = "xmp-metadata"
BOOKMARKS = "bookmarks"
DESTINATIONS = "named-destinations"
ANNOTATIONS = "annotations"
FORM_FIELDS = "form-fields"
EMBEDDED_FILES = "embedded-files"
PAGE_LABELS = "page-labels"
STRUCTURE = "structure-tree"
MARKED_CONTENT = "marked-content"
SCRIPTS = "scripts"
THREADS = "article-threads"
PRIVATE_DATA = "private-data"
OTHER = "other-objects"
# Not cleared: streams of a kind the sweep does not know that still hold a term.
OTHER_STREAMS = "other-streams"

# Where what hangs below a catalog entry or a name tree lies.
CATALOG_PLACES = {
    "/Outlines": BOOKMARKS,
    "/AcroForm": FORM_FIELDS,
    "/StructTreeRoot": STRUCTURE,
    "/Dests": DESTINATIONS,
    "/PageLabels": PAGE_LABELS,
    "/Threads": THREADS,
    "/Metadata": XMP,
}
NAME_TREE_PLACES = {"/Dests": DESTINATIONS, "/EmbeddedFiles": EMBEDDED_FILES, "/JavaScript": SCRIPTS}

# What a match becomes: the first marker none of the terms matches.
MARKERS = ("[redacted]", "[removed]", "[-]", "#")

# Keys whose strings are bytes, not text (signatures, encryption, checksums).
BINARY_KEYS = {"/Contents", "/Cert", "/ByteRange", "/O", "/U", "/OE", "/UE", "/Perms", "/CheckSum", "/ID"}
# Keys never rewritten anywhere: identifiers and checksums, and default appearances (operators, not text).
NEVER = {"/ID", "/CheckSum", "/DA", "/PieceInfo"}

# Embedded files (and streams) above this size are not searched: such a file is dropped.
SEARCH_LIMIT = 32 * 1024 * 1024

_BOMS = {"utf-16-be": b"\xfe\xff", "utf-16-le": b"\xff\xfe", "utf-8": b"\xef\xbb\xbf"}


def decode_string(raw):
    """A string's text and the encoding to write it back in."""
    for encoding, bom in _BOMS.items():
        if raw.startswith(bom):
            return raw[len(bom) :].decode(encoding, "replace"), encoding
    try:
        return raw.decode("pdfdoc"), "pdfdoc"
    except UnicodeDecodeError:
        return raw.decode("latin-1"), "latin-1"


def encode_string(text, encoding):
    if encoding in _BOMS:
        return _BOMS[encoding] + text.encode(encoding)
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:
        return _BOMS["utf-16-be"] + text.encode("utf-16-be")


def is_dict(obj):
    return isinstance(obj, (Dictionary, Stream))


def is_container(obj):
    return isinstance(obj, (Dictionary, Stream, Array))


def type_of(obj, key="/Type"):
    value = obj.get(key) if is_dict(obj) else None
    return str(value) if isinstance(value, Name) else None


class Redactor:
    """The terms' matcher applied to text: `find(text)` gives the matches' (start, end)."""

    def __init__(self, find):
        self.find = find

    def holds(self, text):
        return bool(self.find(text))

    def redact(self, text):
        """The text with every match replaced, or None when nothing matched."""
        spans = self.find(text)
        if not spans:
            return None
        for marker in MARKERS:
            candidate = _replaced(text, spans, marker)
            if not self.find(candidate):
                return candidate
        # Every marker matches a term (a term such as "[" or "e"): matches are deleted, until none is left.
        while spans:
            text = _replaced(text, spans, "")
            spans = self.find(text)
        return text


def _replaced(text, spans, marker):
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    out, at = [], 0
    for start, end in merged:
        out.append(text[at:start])
        out.append(marker)
        at = end
    out.append(text[at:])
    return "".join(out)


class Sweep:
    """One document's sweep; what it did is in `cleared`, `dropped_files` and `not_cleared`."""

    def __init__(self, pdf, redactor):
        self.pdf = pdf
        self.redactor = redactor
        self.places = {}  # objgen -> place
        self.touched = set()  # objgens of objects a string or name of which changed
        self.cleared = set()
        self.not_cleared = set()
        self.dropped_files = []
        self.changed = False  # anything written, matches or not (PieceInfo)

    # ------------------------------------------------------------ walking

    def dictionaries(self):
        """Every dictionary and stream of the document, nested direct ones included, each once."""
        for obj in list(self.pdf.objects):
            if is_container(obj):
                yield from _nested_dictionaries(obj)
        info = self.pdf.trailer.get("/Info")
        if info is not None and not info.is_indirect:
            yield from _nested_dictionaries(info)

    def claim(self, obj, place, stop=("/Parent", "/P", "/Pg", "/Prev", "/Last", "/IRT", "/Obj", "/Dest", "/D", "/StructParent")):
        """Marks `obj` and what hangs below it as lying in `place` (the first claim wins)."""
        pending = [obj]
        while pending:
            item = pending.pop()
            if not is_container(item) or type_of(item) in ("/Page", "/Pages", "/Catalog"):
                continue
            if item.is_indirect:
                if item.objgen in self.places:
                    continue
                self.places[item.objgen] = place
            if isinstance(item, Array):
                pending.extend(item)
            else:
                pending.extend(item[key] for key in item.keys() if key not in stop)

    def map_places(self):
        root = self.pdf.Root
        info = self.pdf.trailer.get("/Info")
        if info is not None:
            self.claim(info, INFO)
        outlines = root.get("/Outlines")
        if outlines is not None:
            self.claim(outlines, BOOKMARKS, stop=("/Parent", "/Prev", "/Last", "/Dest", "/SE"))
        for page in self.pdf.pages:
            for annot in page.obj.get("/Annots", Array()):
                place = FORM_FIELDS if type_of(annot, "/Subtype") == "/Widget" else ANNOTATIONS
                self.claim(annot, place)
        acroform = root.get("/AcroForm")
        if acroform is not None:
            self.claim(acroform, FORM_FIELDS)
        struct = root.get("/StructTreeRoot")
        if struct is not None:
            self.claim(struct, STRUCTURE)
        names = root.get("/Names")
        if names is not None:
            for key in names.keys():
                self.claim(names[key], NAME_TREE_PLACES.get(key, OTHER))
        for key in ("/Dests", "/PageLabels", "/Threads"):
            if key in root:
                self.claim(root[key], CATALOG_PLACES[key])

    # ------------------------------------------------------------ strings

    def redact_strings(self):
        root = self.pdf.Root
        for obj in list(self.pdf.objects):
            if obj.is_indirect and obj.objgen == root.objgen:
                self.redact_catalog(root)
            elif is_container(obj) and self.walk(obj, self.places.get(obj.objgen, OTHER)):
                self.touched.add(obj.objgen)
        info = self.pdf.trailer.get("/Info")
        if info is not None and not info.is_indirect:
            self.walk(info, INFO)

    def redact_catalog(self, root):
        """The catalog's direct entries, each in the place its key says (a name tree is often written inside it)."""
        for key in list(root.keys()):
            value = root[key]
            if key == "/Names" and isinstance(value, Dictionary) and not value.is_indirect:
                for tree in list(value.keys()):
                    self.walk_entry(value, tree, NAME_TREE_PLACES.get(tree, OTHER))
            elif key not in NEVER:
                self.walk_entry(root, key, CATALOG_PLACES.get(key, OTHER))

    def walk_entry(self, holder, key, place):
        """One entry of a dictionary, walked as lying in `place`."""
        value = holder[key]
        if isinstance(value, String):
            replacement = self.redact_string(value)
            if replacement is not None:
                holder[key] = replacement
                self.cleared.add(place)
        elif is_container(value) and not value.is_indirect:
            self.walk(value, place)

    def walk(self, container, place):
        """Redacts the strings in `container` and its direct children (iteratively: nesting
        may be as deep as qpdf allows); whether any changed."""
        changed = False
        pending = [container]
        while pending:
            item = pending.pop()
            if isinstance(item, Array):
                entries = [(i, item[i]) for i in range(len(item))]
            else:
                skipped = BINARY_KEYS | NEVER if _holds_bytes(item) else NEVER
                entries = [(key, item[key]) for key in item.keys() if key not in skipped]
            for key, value in entries:
                if isinstance(value, Name) and (key == "/Dest" or (key == "/D" and type_of(item, "/S") == "/GoTo")):
                    replacement = self.redact_name(value)
                elif isinstance(value, String):
                    replacement = self.redact_string(value)
                else:
                    if is_container(value) and not value.is_indirect:
                        pending.append(value)
                    continue
                if replacement is not None:
                    item[key] = replacement
                    self.cleared.add(place)
                    changed = True
        return changed

    def redact_string(self, value):
        """The string redacted, in its own encoding where it can be; None when nothing matched."""
        text, encoding = decode_string(bytes(value))
        redacted = self.redactor.redact(text)
        return None if redacted is None else String(encode_string(redacted, encoding))

    def redact_name(self, name):
        text = str(name)[1:]
        redacted = self.redactor.redact(text)
        if redacted is None:
            return None
        return Name("/" + (redacted or "redacted"))

    def redact_destination_names(self):
        """The catalog's /Dests dictionary (PDF 1.1 named destinations): its keys renamed like the names pointing at them."""
        dests = self.pdf.Root.get("/Dests")
        if not isinstance(dests, Dictionary):
            return
        for key in list(dests.keys()):
            renamed = self.redact_name(Name(key))
            if renamed is not None:
                value = dests[key]
                del dests[key]
                dests[str(renamed)] = value
                self.cleared.add(DESTINATIONS)

    def normalise_name_trees(self):
        """Name trees whose keys were renamed or whose entries went: rewritten flat, sorted, one entry per key."""
        names = self.pdf.Root.get("/Names")
        if names is None:
            return
        for tree_key in list(names.keys()):
            tree = names[tree_key]
            if not isinstance(tree, Dictionary):
                continue
            pairs = _name_tree_pairs(tree)
            kept = [(key, value) for key, value in pairs if not (tree_key == "/EmbeddedFiles" and _dropped_file(value))]
            ordered, seen = [], set()
            for key, value in sorted(kept, key=lambda pair: pair[0]):
                if key not in seen:
                    seen.add(key)
                    ordered.append((key, value))
            if ordered == pairs:
                continue
            flat = Array()
            for key, value in ordered:
                flat.append(String(key))
                flat.append(value)
            for stale in ("/Kids", "/Limits"):
                if stale in tree:
                    del tree[stale]
            tree.Names = flat

    # ------------------------------------------------------------ annotations and fields

    def refresh_appearances(self):
        regenerate_fields = False
        for page in self.pdf.pages:
            for annot in page.obj.get("/Annots", Array()):
                if not isinstance(annot, Dictionary) or "/AP" not in annot:
                    continue
                if self.was_touched(annot) or self.appearance_shows_term(annot.AP):
                    del annot["/AP"]
                    widget = type_of(annot, "/Subtype") == "/Widget"
                    self.cleared.add(FORM_FIELDS if widget else ANNOTATIONS)
                    regenerate_fields |= widget
        acroform = self.pdf.Root.get("/AcroForm")
        if regenerate_fields and isinstance(acroform, Dictionary):
            acroform.NeedAppearances = True

    def was_touched(self, annot):
        """A string of the annotation or of a field it belongs to changed."""
        seen = set()
        item = annot
        while isinstance(item, Dictionary) and item.is_indirect and item.objgen not in seen:
            if item.objgen in self.touched:
                return True
            seen.add(item.objgen)
            item = item.get("/Parent")
        return False

    def appearance_shows_term(self, appearance):
        streams = []
        for key in ("/N", "/R", "/D"):
            entry = appearance.get(key)
            if isinstance(entry, Stream):
                streams.append(entry)
            elif isinstance(entry, Dictionary):
                streams.extend(state for state in (entry[k] for k in entry.keys()) if isinstance(state, Stream))
        return any(self.redactor.holds(shown_text(stream)) for stream in streams)

    def drop_fields_without_widgets(self):
        """Fields none of whose widgets any page holds (the page redaction deleted them) leave the form."""
        acroform = self.pdf.Root.get("/AcroForm")
        fields = acroform.get("/Fields") if isinstance(acroform, Dictionary) else None
        if not isinstance(fields, Array):
            return
        shown = {annot.objgen for page in self.pdf.pages for annot in page.obj.get("/Annots", Array()) if annot.is_indirect}
        seen = set()

        def keep(field):
            if not isinstance(field, Dictionary) or (field.is_indirect and field.objgen in seen):
                return True
            if field.is_indirect:
                seen.add(field.objgen)
            kids = field.get("/Kids")
            if isinstance(kids, Array) and len(kids) > 0:
                kept = [kid for kid in kids if keep(kid)]
                if len(kept) != len(kids):
                    field.Kids = Array(kept)
                return bool(kept)
            if type_of(field, "/Subtype") == "/Widget":
                return field.is_indirect and field.objgen in shown
            return True

        kept = [field for field in fields if keep(field)]
        if len(kept) != len(fields):
            acroform.Fields = Array(kept)
            self.cleared.add(FORM_FIELDS)
            self.changed = True

    # ------------------------------------------------------------ embedded files

    def drop_embedded_files(self):
        """Embedded files that hold a term (or cannot be searched through) lose their data; names listed."""
        for spec in list(self.dictionaries()):
            embedded = spec.get("/EF") if isinstance(spec, Dictionary) else None
            if not isinstance(embedded, Dictionary):
                continue
            names = [decode_string(bytes(spec[key]))[0] for key in ("/UF", "/F", "/DOS", "/Mac", "/Unix") if isinstance(spec.get(key), String)]
            data = next((embedded[key] for key in ("/UF", "/F") if isinstance(embedded.get(key), Stream)), None)
            if any(self.redactor.holds(name) for name in names) or (data is not None and not self.file_is_clean(data)):
                del spec["/EF"]
                self.dropped_files.append(names[0] if names else "(unnamed)")
                self.cleared.add(EMBEDDED_FILES)
        if not self.dropped_files:
            return
        for page in self.pdf.pages:
            annots = page.obj.get("/Annots")
            if isinstance(annots, Array):
                kept = [a for a in annots if not (type_of(a, "/Subtype") == "/FileAttachment" and _dropped_file(a.get("/FS")))]
                if len(kept) != len(annots):
                    page.obj.Annots = Array(kept)

    def file_is_clean(self, stream):
        try:
            data = stream.read_bytes()
        except Exception:
            return False
        if len(data) > SEARCH_LIMIT:
            return False
        try:
            return not any(self.redactor.holds(text) for text in file_texts(data))
        except Unreadable:
            return False

    # ------------------------------------------------------------ streams

    def redact_marked_content(self):
        """Property lists of marked content (BDC, DP) in pages' and forms' content streams."""
        for page in self.pdf.pages:
            data = self.content_with_properties_redacted(page.obj)
            if data is not None:
                page.obj.Contents = self.pdf.make_stream(data)
        for obj in list(self.pdf.objects):
            if isinstance(obj, Stream) and type_of(obj, "/Subtype") == "/Form":
                data = self.content_with_properties_redacted(obj)
                if data is not None:
                    obj.write(data)

    def content_with_properties_redacted(self, holder):
        """The content of a page or form with its marked content's properties redacted, or None when none held a term."""
        try:
            parts = [holder] if isinstance(holder, Stream) else _content_parts(holder)
            if not any(b"BDC" in raw or b"DP" in raw for raw in (part.read_bytes() for part in parts)):
                return None
            instructions = pikepdf.parse_content_stream(holder)
        except Exception:
            return None
        changed = False
        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInstruction) and instruction.operator in (Operator("BDC"), Operator("DP")):
                for operand in instruction.operands:
                    if isinstance(operand, Dictionary) and not operand.is_indirect:
                        changed |= self.walk(operand, MARKED_CONTENT)
        return pikepdf.unparse_content_stream(instructions) if changed else None

    def redact_xmp_packets(self):
        """XMP packets: text and attribute values edited, the XML kept well formed."""
        for obj in list(self.pdf.objects):
            if not isinstance(obj, Stream) or not (type_of(obj) == "/Metadata" or type_of(obj, "/Subtype") == "/XML"):
                continue
            try:
                data = obj.read_bytes()
            except Exception:
                continue
            if not self.redactor.holds(data.decode("utf-8", "replace")):
                continue
            obj.write(xmp_redacted(data, self.redactor))
            self.cleared.add(XMP)

    def redact_script_streams(self):
        for spec in list(self.dictionaries()):
            script = spec.get("/JS") if isinstance(spec, Dictionary) else None
            if not isinstance(script, Stream):
                continue
            try:
                text, encoding = decode_string(script.read_bytes())
            except Exception:
                continue
            redacted = self.redactor.redact(text)
            if redacted is not None:
                script.write(encode_string(redacted, encoding))
                self.cleared.add(SCRIPTS)

    def remove_piece_info(self):
        for holder in list(self.dictionaries()):
            if "/PieceInfo" in holder:
                del holder["/PieceInfo"]
                self.cleared.add(PRIVATE_DATA)
                self.changed = True

    def look_for_residue(self):
        """Streams of kinds the sweep leaves alone (content, pictures, fonts, ...) are skipped; any other still holding a term is reported."""
        known = set()
        for page in self.pdf.pages:
            known.update(part.objgen for part in _content_parts(page.obj))
        for obj in _reachable_streams(self.pdf):
            if obj.objgen in known or _known_stream(obj):
                continue
            try:
                data = obj.read_bytes()
            except Exception:
                continue
            if len(data) <= SEARCH_LIMIT and any(self.redactor.holds(text) for text in plain_texts(data)):
                self.not_cleared.add(OTHER_STREAMS)

    # ------------------------------------------------------------ all

    def run(self):
        self.map_places()
        self.drop_embedded_files()
        self.redact_strings()
        self.redact_destination_names()
        self.normalise_name_trees()
        self.drop_fields_without_widgets()
        self.refresh_appearances()
        self.redact_marked_content()
        self.redact_xmp_packets()
        self.redact_script_streams()
        self.remove_piece_info()
        self.look_for_residue()
        self.changed |= bool(self.cleared)
        return self

    @property
    def found(self):
        """A term was found somewhere (private data removed regardless does not count)."""
        return bool(self.cleared - {PRIVATE_DATA} or self.dropped_files)


def clear_metadata(pdf):
    """What the reference clears after a match: Author, Subject, Keywords and the XMP packet; the change is dated."""
    info = pdf.docinfo
    for key in ("/Author", "/Subject", "/Keywords"):
        if key in info:
            del info[key]
    info.ModDate = String(datetime.datetime.now(datetime.timezone.utc).strftime("D:%Y%m%d%H%M%SZ"))
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]


# ------------------------------------------------------------------ helpers


class Unreadable(Exception):
    """An embedded file that cannot be searched through."""


def _holds_bytes(container):
    return type_of(container) == "/Sig" or "/ByteRange" in container or type_of(container, "/Filter") == "/Standard"


def _nested_dictionaries(obj):
    pending = [obj]
    while pending:
        item = pending.pop()
        if is_dict(item):
            yield item
            pending.extend(v for v in (item[k] for k in item.keys()) if is_container(v) and not v.is_indirect)
        elif isinstance(item, Array):
            pending.extend(v for v in item if is_container(v) and not v.is_indirect)


def _reachable_streams(pdf):
    """The streams the saved file will hold: those reachable from the trailer (replaced ones are not written)."""
    seen, pending = set(), [pdf.trailer]
    while pending:
        item = pending.pop()
        if item.is_indirect:
            if item.objgen in seen:
                continue
            seen.add(item.objgen)
            if isinstance(item, Stream):
                yield item
        if is_dict(item):
            pending.extend(v for v in (item[k] for k in item.keys()) if is_container(v))
        elif isinstance(item, Array):
            pending.extend(v for v in item if is_container(v))


def _name_tree_pairs(tree):
    pairs, pending, seen = [], [tree], set()
    while pending:
        node = pending.pop(0)
        if not isinstance(node, Dictionary) or (node.is_indirect and node.objgen in seen):
            continue
        if node.is_indirect:
            seen.add(node.objgen)
        entries = node.get("/Names")
        if isinstance(entries, Array):
            for i in range(0, len(entries) - 1, 2):
                if isinstance(entries[i], String):
                    pairs.append((bytes(entries[i]), entries[i + 1]))
        kids = node.get("/Kids")
        if isinstance(kids, Array):
            pending.extend(kids)
    return pairs


def _dropped_file(spec):
    return isinstance(spec, Dictionary) and "/EF" not in spec and type_of(spec) == "/Filespec"


def _content_parts(page):
    contents = page.get("/Contents")
    if isinstance(contents, Stream):
        return [contents]
    if isinstance(contents, Array):
        return [part for part in contents if isinstance(part, Stream)]
    return []


def _known_stream(obj):
    """Streams that are content, pictures, fonts, colour, functions or handled elsewhere."""
    if type_of(obj) in ("/XObject", "/EmbeddedFile", "/Metadata", "/ObjStm", "/XRef", "/CMap", "/Pattern"):
        return True
    return any(key in obj for key in ("/Subtype", "/Length1", "/Length2", "/Length3", "/PatternType", "/FunctionType", "/ShadingType", "/N"))


def shown_text(stream, depth=0):
    """The strings an appearance stream shows, as single-byte text (and those of the forms it draws)."""
    try:
        instructions = pikepdf.parse_content_stream(stream)
    except Exception:
        return ""
    parts = []
    forms = stream.get("/Resources", Dictionary()).get("/XObject", Dictionary())
    for instruction in instructions:
        if not isinstance(instruction, pikepdf.ContentStreamInstruction):
            continue
        op = str(instruction.operator)
        if op in ("Tj", "'", '"'):
            parts.append(_shown(instruction.operands[-1]))
        elif op == "TJ":
            parts.append("".join(_shown(item) for item in instruction.operands[0] if isinstance(item, String)))
        elif op == "BT":
            parts.append("\n")
        elif op == "Do" and depth < 3:
            form = forms.get(str(instruction.operands[0])) if isinstance(forms, Dictionary) else None
            if isinstance(form, Stream) and type_of(form, "/Subtype") == "/Form":
                parts.append("\n" + shown_text(form, depth + 1))
    return "".join(parts)


def _shown(value):
    return decode_string(bytes(value))[0] if isinstance(value, String) else ""


def plain_texts(data):
    """Bytes read as text the ways a file may spell it."""
    yield data.decode("latin-1")
    yield data.decode("utf-8", "ignore")
    for start in (0, 1):
        yield data[start:].decode("utf-16-be", "ignore")


def file_texts(data, depth=0):
    """An embedded file's text: as plain text, each member of a ZIP archive, every string and stream of a PDF."""
    yield from plain_texts(data)
    if data.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                total = 0
                for member in archive.infolist():
                    total += member.file_size
                    if total > SEARCH_LIMIT or member.flag_bits & 0x1:
                        raise Unreadable()
                    yield member.filename
                    yield from file_texts(archive.read(member), depth + 1) if depth < 2 else plain_texts(archive.read(member))
        except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError, EOFError) as error:
            raise Unreadable() from error
    elif data.startswith(b"%PDF-") or b"%PDF-" in data[:1024]:
        try:
            inner = pikepdf.open(io.BytesIO(data))
        except Exception as error:
            raise Unreadable() from error
        with inner:
            for obj in inner.objects:
                if isinstance(obj, Stream):
                    try:
                        stream = obj.read_bytes()
                    except Exception as error:
                        raise Unreadable() from error
                    yield from (file_texts(stream, depth + 1) if depth < 2 else plain_texts(stream))
                if is_container(obj):
                    for holder in _nested_dictionaries(obj):
                        for key in holder.keys():
                            if isinstance(holder[key], String):
                                yield decode_string(bytes(holder[key]))[0]
                    if isinstance(obj, Array):
                        yield from (decode_string(bytes(v))[0] for v in obj if isinstance(v, String))


def xmp_redacted(data, redactor):
    """The packet with its text and attribute values redacted; an empty packet when it is not XML."""
    try:
        tree = etree.parse(io.BytesIO(data), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False))
    except Exception:
        return b""
    for node in tree.iter():
        for attribute in ("text", "tail"):
            value = getattr(node, attribute)
            redacted = redactor.redact(value) if value else None
            if redacted is not None:
                setattr(node, attribute, redacted)
        if isinstance(node.tag, str):
            for name, value in node.attrib.items():
                redacted = redactor.redact(value)
                if redacted is not None:
                    node.attrib[name] = redacted
    return etree.tostring(tree, encoding="utf-8", xml_declaration=False)
