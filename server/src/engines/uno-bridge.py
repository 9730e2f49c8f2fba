"""UNO client for one warm LibreOffice instance (server/src/engines/libreoffice.ts).

Connects to the soffice listening on the pipe named in argv[1], then converts
one document per JSON line read from stdin and answers one JSON line per job:
  in:  {"input": "/abs/in.docx", "output": "/abs/out.pdf", "exportFilter": "writer_pdf_Export", "importFilter": null}
  out: {"ok": true} | {"ok": false, "kind": "document" | "fatal", "message": "..."}
"fatal" means the instance is unusable (crashed, bridge gone): the caller
replaces it. Documents are opened so that nothing in them runs or loads.
"""
import json
import re
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException, IllegalArgumentException
from com.sun.star.io import IOException
from com.sun.star.task import ErrorCodeIOException
from com.sun.star.uno import RuntimeException

# com.sun.star.document.MacroExecMode.NEVER_EXECUTE / UpdateDocMode.NO_UPDATE
NEVER_EXECUTE = 0
NO_UPDATE = 0
CONNECT_TIMEOUT_S = 60

# A PDF export filter is tied to the document's module; callers name any of them
# and get the one matching what the document turned out to be.
PDF_EXPORT_BY_MODULE = {
    "com.sun.star.text.WebDocument": "writer_web_pdf_Export",
    "com.sun.star.text.GlobalDocument": "writer_globaldocument_pdf_Export",
    "com.sun.star.text.TextDocument": "writer_pdf_Export",
    "com.sun.star.sheet.SpreadsheetDocument": "calc_pdf_Export",
    "com.sun.star.presentation.PresentationDocument": "impress_pdf_Export",
    "com.sun.star.drawing.DrawingDocument": "draw_pdf_Export",
    "com.sun.star.formula.FormulaProperties": "math_pdf_Export",
}


def props(**values):
    result = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name = name
        prop.Value = value
        result.append(prop)
    return tuple(result)


def connect(pipe_name):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name
    give_up = time.monotonic() + CONNECT_TIMEOUT_S
    while True:
        try:
            remote = resolver.resolve(url)
            return remote.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", remote)
        except NoConnectException:
            if time.monotonic() > give_up:
                raise
            time.sleep(0.1)


# Spreadsheet functions that answer with facts about the machine, not the
# document: INFO ("system", "osversion", "directory", ...) and CELL, whose
# "filename" is the path the instance opened. Cells calling them are blanked
# out with #N/A before anything is exported.
MACHINE_FUNCTIONS = re.compile(r"(?<![\w.])(?:INFO|CELL)\s*\(", re.IGNORECASE)
FORMULA_CELLS = 16  # com.sun.star.sheet.CellFlags.FORMULA


def blank_machine_facts(doc):
    if not doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        return
    sheets = doc.getSheets()
    for index in range(sheets.getCount()):
        cells = sheets.getByIndex(index).queryContentCells(FORMULA_CELLS).getCells().createEnumeration()
        while cells.hasMoreElements():
            cell = cells.nextElement()
            if MACHINE_FUNCTIONS.search(cell.getFormula()):
                cell.setFormula("=NA()")
    doc.calculateAll()


def pdf_filter_for(doc, requested):
    if not requested.endswith("_pdf_Export"):
        return requested
    for service, name in PDF_EXPORT_BY_MODULE.items():
        if doc.supportsService(service):
            return name
    return requested


def convert(desktop, job):
    load = dict(
        Hidden=True,
        ReadOnly=True,
        MacroExecutionMode=NEVER_EXECUTE,
        UpdateDocMode=NO_UPDATE,
        # Never ask anything: an interaction would hang a headless instance.
        Silent=True,
    )
    if job.get("importFilter"):
        load["FilterName"] = job["importFilter"]
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(job["input"]), "_blank", 0, props(**load))
    if doc is None:
        return {"ok": False, "kind": "document", "message": "the document could not be loaded"}
    try:
        blank_machine_facts(doc)
        export = pdf_filter_for(doc, job["exportFilter"])
        doc.storeToURL(uno.systemPathToFileUrl(job["output"]), props(FilterName=export, Overwrite=True))
    finally:
        try:
            doc.close(True)
        except Exception:
            doc.dispose()
    return {"ok": True}


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    try:
        desktop = connect(sys.argv[1])
    except Exception as error:  # noqa: BLE001 - reported to the caller, who restarts us
        answer({"ok": False, "kind": "fatal", "message": "connect: %s" % error})
        return 1
    answer({"ready": True})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            result = convert(desktop, json.loads(line))
        except (IllegalArgumentException, IOException, ErrorCodeIOException) as error:
            result = {"ok": False, "kind": "document", "message": type(error).__name__ + ": " + str(error.Message)}
        except (DisposedException, RuntimeException) as error:
            answer({"ok": False, "kind": "fatal", "message": type(error).__name__ + ": " + str(error.Message)})
            return 1
        except Exception as error:  # noqa: BLE001 - the bridge itself is broken; start over
            answer({"ok": False, "kind": "fatal", "message": type(error).__name__ + ": " + str(error)})
            return 1
        answer(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
