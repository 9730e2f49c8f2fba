"""Parts cut from a document get the document's own information back
(server/src/engines/part-documents.ts).

qpdf's --split-pages writes the parts of a split in one pass, but as pages
alone: no title or other document information, no XMP, no bookmarks. Giving
each part those with one qpdf run per part would cost a process per part
(10,000 for a 10,000-page document split into pages); here one process opens
the source once and rewrites every part, each in a millisecond or so.

Reads a job from the JSON file named in argv[1]:
  {"source": "/abs/original.pdf",
   "parts": [{"input": "/abs/part-1.pdf", "output": "/abs/out-1.pdf",
              "outline": [node, ...]}, ...]}
where a node is {"title": str, "pageIndex": int | null (0-based, in the part),
"look": {"view": ["/XYZ", 72, 700, null], "open": false, "color": [r, g, b],
"flags": 2, "uri": "https://..."} (every key optional), "children": [node, ...]}.

Each part keeps its pages, streams untouched, and gets the source's document
information dictionary, its XMP metadata stream and its /Lang, and the given
bookmarks (none: no outline). The part's own catalog entries (page labels,
form) stay as qpdf wrote them.

Answers one JSON object on stdout: {"parts": n} (exit 0), or
{"error": "password"} / {"error": "damaged", "reason": "..."} (exit 2).
"""
import json
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name, String

# How many numbers follow each kind of destination (PDF 32000 12.3.2.2); the caller sends only these.
VIEW_NUMBERS = {"/XYZ": 3, "/Fit": 0, "/FitH": 1, "/FitV": 1, "/FitR": 4, "/FitB": 0, "/FitBH": 1, "/FitBV": 1}


def view_of(look):
    """The destination after its page, as pikepdf objects; a full-page view when none (or a malformed one) is given."""
    view = look.get("view") or ["/Fit"]
    kind, numbers = view[0], view[1:]
    if kind not in VIEW_NUMBERS or len(numbers) != VIEW_NUMBERS[kind]:
        return [Name("/Fit")]
    if not all(n is None or isinstance(n, (int, float)) for n in numbers):
        return [Name("/Fit")]
    return [Name(kind), *numbers]


def write_level(part, nodes, parent):
    """Writes one level of bookmarks under `parent`; answers (first, last, count shown) or None for no nodes."""
    items = [part.make_indirect(Dictionary()) for _ in nodes]
    shown = len(nodes)
    for index, (node, item) in enumerate(zip(nodes, items)):
        look = node.get("look") or {}
        item.Title = String(node["title"])
        item.Parent = parent
        page = node.get("pageIndex")
        if page is not None and 0 <= page < len(part.pages):
            item.Dest = Array([part.pages[page].obj, *view_of(look)])
        elif look.get("uri"):
            item.A = Dictionary(S=Name("/URI"), URI=String(look["uri"]))
        if look.get("color"):
            item.C = Array(look["color"])
        if look.get("flags"):
            item.F = look["flags"]
        if index > 0:
            item.Prev = items[index - 1]
        if index < len(items) - 1:
            item.Next = items[index + 1]
        children = write_level(part, node.get("children") or [], item)
        if children:
            first, last, count = children
            item.First, item.Last = first, last
            is_open = look.get("open", True)
            item.Count = count if is_open else -count
            if is_open:
                shown += count
    return (items[0], items[-1], shown) if items else None


def carried(part, value):
    """`value` of the source copied into `part` (qpdf copies only indirect objects; a direct one is rebuilt around them)."""
    if not isinstance(value, pikepdf.Object) or value.is_indirect:
        return part.copy_foreign(value) if isinstance(value, pikepdf.Object) else value
    if isinstance(value, Dictionary):
        return Dictionary({key: carried(part, item) for key, item in value.items()})
    if isinstance(value, Array):
        return Array([carried(part, item) for item in value])
    return value


def rewrite(info, metadata, language, job):
    with pikepdf.open(job["input"]) as part:
        if info is not None:
            part.trailer.Info = carried(part, info)
        if metadata is not None:
            part.Root.Metadata = carried(part, metadata)
        if language is not None:
            part.Root.Lang = language
        outline = job.get("outline") or []
        if outline:
            root = part.make_indirect(Dictionary(Type=Name("/Outlines")))
            first, last, count = write_level(part, outline, root)
            root.First, root.Last, root.Count = first, last, count
            part.Root.Outlines = root
        part.save(job["output"], stream_decode_level=pikepdf.StreamDecodeLevel.none, object_stream_mode=pikepdf.ObjectStreamMode.preserve)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        job = json.load(handle)
    try:
        with pikepdf.open(job["source"]) as source:
            info = source.trailer.get("/Info")
            info = info if isinstance(info, Dictionary) else None
            metadata = source.Root.get("/Metadata")
            metadata = metadata if isinstance(metadata, pikepdf.Stream) else None
            language = source.Root.get("/Lang")
            language = String(bytes(language)) if isinstance(language, String) else None
            for part in job["parts"]:
                rewrite(info, metadata, language, part)
    except pikepdf.PasswordError:
        print(json.dumps({"error": "password"}))
        sys.exit(2)
    except pikepdf.PdfError as error:
        print(json.dumps({"error": "damaged", "reason": str(error)[:300]}))
        sys.exit(2)
    print(json.dumps({"parts": len(job["parts"])}))


if __name__ == "__main__":
    main()
