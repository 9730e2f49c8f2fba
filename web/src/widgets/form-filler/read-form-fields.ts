import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pageRotation, type PageRotation, type PdfRect } from './field-geometry';

/**
 * The fillable fields of a PDF form as pdf.js reads them: one entry per
 * widget (a field shown twice, or a radio group's buttons, has one entry per
 * place it is shown), with the field's fully qualified name, what kind of
 * control fills it, and its value in the file.
 */

/** A field's value as the page holds it: text, ticked or not, a radio group's chosen export value ('' none), a list's selection. */
export type FieldValue = string | boolean | readonly string[];

interface WidgetBase {
  /** pdf.js's id of the widget annotation. e.g. '12R' */
  id: string;
  /** The field's fully qualified name, the key `/api/v1/form/fill` takes. e.g. 'applicant.name' */
  name: string;
  /** 0-based. */
  pageIndex: number;
  rect: PdfRect;
  /** What assistive technology reads out: the field's tooltip (/TU), else its name. */
  label: string;
  readOnly: boolean;
  required: boolean;
  /** The default appearance's font size; absent for 'auto' (0) and buttons. */
  fontSizePt?: number;
}

export interface TextWidget extends WidgetBase {
  kind: 'text';
  multiLine: boolean;
  password: boolean;
  /** /MaxLen, when the field limits its length. */
  maxLength?: number;
  /** The date format of the field's Acrobat format script (AFDate_FormatEx), e.g. 'dd/mm/yyyy': the value is written that way. */
  dateFormat?: string;
  value: string;
}

export interface CheckboxWidget extends WidgetBase {
  kind: 'checkbox';
  /** The on-state's name. e.g. 'Yes' */
  exportValue: string;
  value: boolean;
}

export interface RadioWidget extends WidgetBase {
  kind: 'radio';
  /** The state this button turns the group to. e.g. 'large' */
  exportValue: string;
  /** The group's chosen state, '' when none is. */
  value: string;
}

export interface ChoiceOption {
  /** What the field stores. */
  value: string;
  /** What the list shows. */
  label: string;
}

export interface ChoiceWidget extends WidgetBase {
  kind: 'choice';
  options: readonly ChoiceOption[];
  /** A drop-down (combo box) rather than a list box. */
  combo: boolean;
  multiSelect: boolean;
  value: readonly string[];
}

export type FormField = TextWidget | CheckboxWidget | RadioWidget | ChoiceWidget;

/** One page's size and turn, and the widgets on it. */
export interface FormPage {
  /** pdf.js's `page.view`: the crop box the page is drawn from. */
  viewBox: PdfRect;
  rotation: PageRotation;
  fields: FormField[];
}

/**
 * How the document's form is made: 'acroform' (or none) fills here; 'hybrid'
 * has an XFA form beside AcroForm fields, of which only the AcroForm ones can
 * be filled; 'xfa-only' has nothing this page can fill.
 */
export type XfaStatus = 'none' | 'hybrid' | 'xfa-only';

export interface FormLayout {
  pages: FormPage[];
  xfa: XfaStatus;
  /** Whether any page has a field to fill. */
  fillable: boolean;
}

/** Acrobat's AFDate_Format(n) presets that are dates alone (pdf.js's AForm.js lists the same). */
const AF_DATE_PRESETS = [
  'm/d',
  'm/d/yy',
  'mm/dd/yy',
  'mm/yy',
  'd-mmm',
  'd-mmm-yy',
  'dd-mmm-yy',
  'yy-mm-dd',
  'mmm-yy',
  'mmmm-yy',
  'mmm d, yyyy',
  'mmmm d, yyyy',
];

/** The date format a field's actions give it, from its format (or keystroke) script; pdf.js hands the scripts over as text. */
export function dateFormatOf(actions: unknown): string | undefined {
  if (!actions || typeof actions !== 'object') return undefined;
  const scripts = Object.values(actions as Record<string, unknown>).flatMap((value) => (Array.isArray(value) ? value : [value]));
  for (const script of scripts) {
    if (typeof script !== 'string') continue;
    const named = /AFDate_(?:Format|Keystroke)Ex\s*\(\s*(["'])(.*?)\1\s*\)/.exec(script);
    if (named) return named[2];
    const preset = /AFDate_(?:Format|Keystroke)\s*\(\s*(\d+)\s*\)/.exec(script);
    if (preset) return AF_DATE_PRESETS[Number(preset[1])];
  }
  return undefined;
}

/** What pdf.js's getAnnotations() answers for a widget, as far as the page reads it. */
interface WidgetAnnotation {
  subtype?: string;
  id?: string;
  fieldName?: string;
  fieldType?: string;
  fieldValue?: unknown;
  alternativeText?: string;
  rect?: number[];
  readOnly?: boolean;
  required?: boolean;
  hidden?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  options?: { exportValue?: unknown; displayValue?: unknown }[];
  combo?: boolean;
  multiSelect?: boolean;
  multiLine?: boolean;
  password?: boolean;
  maxLen?: number;
  actions?: unknown;
  defaultAppearanceData?: { fontSize?: number };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** One widget as a field of the page, or nothing for what cannot be filled (push buttons, signatures, hidden or nameless widgets). */
export function formFieldOf(annotation: WidgetAnnotation, pageIndex: number): FormField | undefined {
  if (annotation.subtype !== 'Widget' || !annotation.fieldName || annotation.hidden) return undefined;
  const rect = annotation.rect;
  if (!rect || rect.length !== 4 || rect.some((n) => !Number.isFinite(n))) return undefined;
  const fontSize = annotation.defaultAppearanceData?.fontSize;
  const base: WidgetBase = {
    id: annotation.id ?? `${pageIndex}:${annotation.fieldName}`,
    name: annotation.fieldName,
    pageIndex,
    rect: [rect[0], rect[1], rect[2], rect[3]],
    label: annotation.alternativeText?.trim() || annotation.fieldName,
    readOnly: annotation.readOnly === true,
    required: annotation.required === true,
    ...(fontSize && fontSize > 0 ? { fontSizePt: fontSize } : {}),
  };
  switch (annotation.fieldType) {
    case 'Tx': {
      const dateFormat = dateFormatOf(annotation.actions);
      return {
        ...base,
        kind: 'text',
        multiLine: annotation.multiLine === true,
        password: annotation.password === true,
        ...(annotation.maxLen && annotation.maxLen > 0 ? { maxLength: annotation.maxLen } : {}),
        ...(dateFormat ? { dateFormat } : {}),
        value: text(annotation.fieldValue),
      };
    }
    case 'Btn': {
      if (annotation.pushButton) return undefined;
      if (annotation.radioButton) {
        const value = text(annotation.fieldValue);
        return { ...base, kind: 'radio', exportValue: text(annotation.buttonValue), value: value === 'Off' ? '' : value };
      }
      const exportValue = text(annotation.exportValue) || 'Yes';
      return { ...base, kind: 'checkbox', exportValue, value: text(annotation.fieldValue) === exportValue };
    }
    case 'Ch': {
      const options = (annotation.options ?? []).map((option) => ({ value: text(option.exportValue), label: text(option.displayValue ?? option.exportValue) }));
      const chosen = Array.isArray(annotation.fieldValue) ? annotation.fieldValue.map(text) : annotation.fieldValue ? [text(annotation.fieldValue)] : [];
      return { ...base, kind: 'choice', options, combo: annotation.combo === true, multiSelect: annotation.multiSelect === true, value: chosen };
    }
    default:
      return undefined; // signature fields: signed elsewhere, not filled
  }
}

/**
 * Reads every page's widgets (page by page, so a long document holds one
 * page's objects at a time) and how the form is made. pdf.js opens documents
 * here without its XFA support, so XFA is told by the document information's
 * IsXFAPresent; an XFA form with no AcroForm field to fill is 'xfa-only'.
 */
export async function readFormFields(doc: PDFDocumentProxy, signal?: AbortSignal): Promise<FormLayout> {
  const pages: FormPage[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    signal?.throwIfAborted();
    const page = await doc.getPage(number);
    const annotations = (await page.getAnnotations({ intent: 'display' })) as WidgetAnnotation[];
    const fields = annotations.flatMap((annotation) => formFieldOf(annotation, number - 1) ?? []);
    const [x1, y1, x2, y2] = page.view;
    pages.push({ viewBox: [x1, y1, x2, y2], rotation: pageRotation(page.rotate), fields });
  }
  const fillable = pages.some((page) => page.fields.length > 0);
  const { info } = await doc.getMetadata();
  const hasXfa = (info as { IsXFAPresent?: boolean } | undefined)?.IsXFAPresent === true;
  return { pages, fillable, xfa: !hasXfa ? 'none' : fillable ? 'hybrid' : 'xfa-only' };
}

/** The values the file holds, by field name: what the page starts from and compares against. */
export function valuesInFile(fields: readonly FormField[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    // A radio group's buttons all carry the group's value; a field shown twice has one value.
    if (!(field.name in values) || (field.kind === 'checkbox' && field.value)) values[field.name] = field.value;
  }
  return values;
}
