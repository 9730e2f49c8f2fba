import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export interface Sheet {
  /** Shown on the tab; made safe and unique by `writeWorkbook`. */
  name: string;
  /** Rows of cells, written as text (a PDF's cells are text; Excel must not turn "007" into 7). */
  rows: readonly (readonly string[])[];
}

/** Excel's own limit on a sheet name. */
const SHEET_NAME_LENGTH = 31;

/**
 * Writes an Office Open XML workbook (SpreadsheetML) with one sheet per table,
 * cells as inline strings. A workbook is a ZIP of a few XML parts: writing
 * them directly keeps this small and streaming, with no spreadsheet library
 * holding the whole table model in memory.
 */
export async function writeWorkbook(output: string, sheets: readonly Sheet[]): Promise<void> {
  if (sheets.length === 0) throw new Error('A workbook needs at least one sheet');
  const names = uniqueSheetNames(sheets.map((sheet) => sheet.name));
  const zip = new ZipFile();
  const add = (path: string, xml: string) => zip.addBuffer(Buffer.from(xml, 'utf8'), path);

  add('[Content_Types].xml', contentTypes(sheets.length));
  add('_rels/.rels', packageRelationships());
  add('xl/workbook.xml', workbook(names));
  add('xl/_rels/workbook.xml.rels', workbookRelationships(sheets.length));
  sheets.forEach((sheet, i) => add(`xl/worksheets/sheet${i + 1}.xml`, worksheet(sheet.rows)));
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function contentTypes(sheetCount: number): string {
  const overrides = Array.from(
    { length: sheetCount },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return (
    XML_DECLARATION +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    overrides +
    '</Types>'
  );
}

function packageRelationships(): string {
  return (
    XML_DECLARATION +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '</Relationships>'
  );
}

function workbook(names: readonly string[]): string {
  const sheets = names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return XML_DECLARATION + `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`;
}

function workbookRelationships(sheetCount: number): string {
  const relationships = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return XML_DECLARATION + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`;
}

function worksheet(rows: readonly (readonly string[])[]): string {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((text, c) => (text === '' ? '' : `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`))
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return XML_DECLARATION + `<worksheet xmlns="${MAIN_NS}"><sheetData>${body}</sheetData></worksheet>`;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Excel refuses a workbook whose sheet names are blank, longer than 31
 * characters, contain `[]:*?/\` or repeat (case-insensitively): make each safe,
 * and number repeats "Name (2)" within the length limit.
 */
export function uniqueSheetNames(wanted: readonly string[]): string[] {
  const used = new Set<string>();
  return wanted.map((raw, i) => {
    const base =
      raw
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .trim() || `Sheet${i + 1}`;
    let name = base.slice(0, SHEET_NAME_LENGTH);
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, SHEET_NAME_LENGTH - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** Text for XML, without the control characters XML 1.0 cannot carry at all. */
function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
