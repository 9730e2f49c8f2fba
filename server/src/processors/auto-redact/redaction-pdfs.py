"""A PDF that carries one term in every place a document can hold text, for
Auto Redact's specs (server/test/support/redaction-pdfs.ts).

Run as `python3 redaction-pdfs.py <output.pdf>` with Debian's python3-reportlab
and python3-pikepdf. ReportLab draws the page, its bookmarks, its form fields
(with their appearance streams) and the document's properties; pikepdf then
plants what ReportLab cannot make; the written file is rewritten so that
chosen strings appear in the encodings a producer may use (hex, UTF-16BE with
its byte order mark as literal or hex, octal escapes), and qpdf's fix-qdf
repairs the cross-reference table after the edit.

The term is TERM ("Secret"), in mixed case; every place also holds words that
must survive (KEPT), so a result cannot pass by being emptied.
"""
import io
import subprocess
import sys
import tempfile
import zlib

import pikepdf
from pikepdf import Array, Dictionary, Name, String
from reportlab.pdfgen import canvas

TERM = "Secret"

# Strings written as a marker first, then respelt in the file (see respell):
# marker prefix -> how the rest of the string is written.
HEX = "HEX~"  # <53656372...>
UTF16_HEX = "U16HEX~"  # <FEFF0053...>
UTF16_LITERAL = "U16LIT~"  # (\376\377\000S...)
OCTAL = "OCT~"  # (\123ecret ...), every letter S as an octal escape


def page_with_reportlab():
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(400, 400))
    c.setTitle(HEX + "Secret plan")
    c.setAuthor("Jane Author")
    c.setSubject("Quarterly figures")
    c.setFont("Helvetica", 12)
    c.drawString(30, 360, "Alpha Secret beta")
    c.drawString(30, 340, "Public record stays")
    c.bookmarkPage("first")
    c.bookmarkHorizontal("second", 0, 300)
    c.addOutlineEntry(OCTAL + "Secret chapter", "first", 0)
    c.addOutlineEntry("Public chapter", "second", 0)
    # A field whose value (and so its appearance) holds the term, one that does not, and one whose
    # widget lies over the page's "Secret" (the page redaction deletes that widget).
    c.acroForm.textfield(name="codename", tooltip="Secret tooltip", value="Secret Agent", x=30, y=200, width=150, height=20)
    c.acroForm.textfield(name="city", tooltip="Secret city tooltip", value="Paris", x=200, y=200, width=150, height=20)
    c.acroForm.textfield(name="overlay", tooltip="Overlay", value="harmless", x=62, y=355, width=50, height=18)
    c.showPage()
    c.save()
    return out.getvalue()


def xmp_packet(title, description):
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>'
        f'<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{description}</rdf:li></rdf:Alt></dc:description>'
        '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
    ).encode("utf-8")


def embedded_file(pdf, name, content, description):
    stream = pikepdf.Stream(pdf, zlib.compress(content))
    stream.Type = Name.EmbeddedFile
    stream.Filter = Name.FlateDecode
    stream.Params = Dictionary(Size=len(content))
    return pdf.make_indirect(
        Dictionary(Type=Name.Filespec, F=String(name), UF=String(name), Desc=String(description), EF=Dictionary(F=stream, UF=stream))
    )


def plant(pdf):
    page = pdf.pages[0]
    root = pdf.Root
    font = page.Resources.Font
    font_name = list(font.keys())[0]
    helvetica = font[font_name]

    pdf.docinfo[Name.Keywords] = String(UTF16_LITERAL + "Secret keywords")
    pdf.docinfo[Name("/Project")] = String(UTF16_HEX + "Secret project")
    pdf.docinfo[Name("/Client")] = String("Public client")
    root.Metadata = pdf.make_stream(xmp_packet("Secret plan", "Public description"), Type=Name.Metadata, Subtype=Name.XML)
    page.obj.Metadata = pdf.make_stream(xmp_packet("Secret page", "Public page"), Type=Name.Metadata, Subtype=Name.XML)

    # Text split across a kerned TJ, and marked content whose /ActualText holds the term.
    extra = (
        f"BT {font_name} 12 Tf 30 320 Td [(Se) -20 (cr) -15 (et) -20 ( kerned text)] TJ ET\n"
        f"/Span << /ActualText ({OCTAL}Secret span) >> BDC BT {font_name} 12 Tf 30 300 Td (Marked words) Tj ET EMC\n"
    ).encode("latin-1")
    page.contents_add(pdf.make_stream(extra), prepend=False)

    # Annotations far from the page's text, so the page redaction does not delete them.
    memo_ap = pdf.make_stream(
        f"BT {font_name} 10 Tf 2 6 Td (Secret memo) Tj ET".encode("latin-1"),
        Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 120, 20]), Resources=Dictionary(Font=Dictionary({font_name: helvetica})),
    )
    note = Dictionary(Type=Name.Annot, Subtype=Name.Text, Rect=Array([300, 100, 320, 120]), Contents=String(OCTAL + "Secret note"), T=String("Secret author"), Subj=String(HEX + "Secret subject"))
    memo = Dictionary(
        Type=Name.Annot, Subtype=Name.FreeText, Rect=Array([30, 40, 150, 60]), Contents=String("Secret memo"),
        DA=String(f"{font_name} 10 Tf 0 g"), RC=String("<?xml version=\"1.0\"?><body><p>Secret memo</p></body>"), AP=Dictionary(N=memo_ap),
    )
    # Hidden (so not on the page's text), its appearance the only place showing the term.
    stamp_ap = pdf.make_stream(
        f"BT {font_name} 10 Tf 2 6 Td [(Sec) -10 (ret stamp)] TJ ET".encode("latin-1"),
        Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 120, 20]), Resources=Dictionary(Font=Dictionary({font_name: helvetica})),
    )
    stamp = Dictionary(Type=Name.Annot, Subtype=Name.Stamp, F=2, Rect=Array([200, 120, 320, 140]), Contents=String("Public stamp"), AP=Dictionary(N=stamp_ap))
    square = Dictionary(Type=Name.Annot, Subtype=Name.Square, Rect=Array([300, 40, 320, 60]), Contents=String("Public square"))
    attachment = Dictionary(
        Type=Name.Annot, Subtype=Name.FileAttachment, Rect=Array([340, 100, 360, 120]), Contents=String("Public clip"),
        FS=embedded_file(pdf, "clip.txt", b"the Secret is in here", "attached note"),
    )
    link = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([200, 80, 260, 95]), Border=Array([0, 0, 0]), Dest=String("Secret-section"))
    for annot in (note, memo, stamp, square, attachment, link):
        page.obj.Annots.append(pdf.make_indirect(annot))

    page_ref = page.obj
    root.Names = Dictionary(
        Dests=Dictionary(Names=Array([String("Secret-section"), Array([page_ref, Name.XYZ, 0, 300, 0]), String("public-section"), Array([page_ref, Name.XYZ, 0, 200, 0])])),
        EmbeddedFiles=Dictionary(Names=Array([
            String("Secret-list.csv"), embedded_file(pdf, "Secret-list.csv", b"a,b\n1,2\n", "numbers"),
            String("clip.txt"), page.obj.Annots[-2].FS,
            String("public.txt"), embedded_file(pdf, "public.txt", b"nothing to hide", "Public notes"),
            String("wide.txt"), embedded_file(pdf, "wide.txt", "\ufeffthe Secret in UTF-16".encode("utf-16-le"), "wide notes"),
        ])),
        JavaScript=Dictionary(Names=Array([String("init"), Dictionary(S=Name.JavaScript, JS=String("app.alert('Secret');"))])),
    )
    root.PageLabels = Dictionary(Nums=Array([0, Dictionary(S=Name.D, P=String(UTF16_LITERAL + "Secret-"))]))

    private = Dictionary(Illustrator=Dictionary(LastModified=String("D:20240101000000Z"), Private=Dictionary(Data=String("Secret stuff"))))
    root.PieceInfo = private
    page.obj.PieceInfo = pdf.make_indirect(Dictionary(Illustrator=Dictionary(LastModified=String("D:20240101000000Z"), Private=pdf.make_stream(b"Secret private stream"))))

    figure = Dictionary(Type=Name.StructElem, S=Name.Figure, Alt=String("Secret diagram"), ActualText=String(UTF16_HEX + "Secret words"), E=String("Secret expansion"), T=String(OCTAL + "Secret element"), Pg=page_ref)
    paragraph = Dictionary(Type=Name.StructElem, S=Name.P, Alt=String("Public paragraph"), Pg=page_ref)
    tree = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot, K=Array([pdf.make_indirect(figure), pdf.make_indirect(paragraph)])))
    figure.P = tree
    paragraph.P = tree
    root.StructTreeRoot = tree
    root.MarkInfo = Dictionary(Marked=True)

    thread = pdf.make_indirect(Dictionary(Type=Name.Thread, I=Dictionary(Title=String("Secret thread"))))
    bead = pdf.make_indirect(Dictionary(Type=Name.Bead, T=thread, P=page_ref, R=Array([0, 0, 400, 400])))
    bead.N = bead
    bead.V = bead
    thread.F = bead
    page.obj.B = Array([bead])
    root.Threads = Array([thread])


def respell(data):
    """Rewrites each marked literal string in the encoding its marker names."""
    def literal_of(raw):
        return b"(" + b"".join(b"\\%03o" % c if c < 32 or c > 126 or c in b"()\\" else bytes([c]) for c in raw) + b")"

    for prefix in (HEX, UTF16_HEX, UTF16_LITERAL, OCTAL):
        marker = b"(" + prefix.encode()
        while marker in data:
            start = data.index(marker)
            end = data.index(b")", start)
            text = data[start + len(marker) : end].decode("latin-1")
            if prefix == HEX:
                spelt = b"<" + text.encode("latin-1").hex().upper().encode() + b">"
            elif prefix == UTF16_HEX:
                spelt = b"<" + (b"\xfe\xff" + text.encode("utf-16-be")).hex().upper().encode() + b">"
            elif prefix == UTF16_LITERAL:
                spelt = literal_of(b"\xfe\xff" + text.encode("utf-16-be"))
            else:
                spelt = b"(" + text.encode("latin-1").replace(b"S", b"\\123") + b")"
            data = data[:start] + spelt + data[end + 1 :]
    return data


def main(output):
    pdf = pikepdf.open(io.BytesIO(page_with_reportlab()))
    plant(pdf)
    with tempfile.TemporaryDirectory() as folder:
        qdf = f"{folder}/planted.qdf.pdf"
        pdf.save(qdf, qdf=True, object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.generalized)
        with open(qdf, "rb") as handle:
            respelt = respell(handle.read())
        with open(qdf, "wb") as handle:
            handle.write(respelt)
        with open(output, "wb") as handle:
            subprocess.run(["fix-qdf", qdf], check=True, stdout=handle)


if __name__ == "__main__":
    main(sys.argv[1])
