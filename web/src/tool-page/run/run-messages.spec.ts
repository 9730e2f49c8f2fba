import { describe, expect, it } from '@jest/globals';
import { defaultsOf, pdfToCsvTool, pdfToRtfTool, pdfToWordTool, rotateTool, tools } from '@folio/registry';
import { cancelledNotice, failureMessage, nothingFoundMessage, passwordProtectedNote, successMessage, wrongPasswordDetail } from './run-messages';

describe('failureMessage', () => {
  it('is spec §8’s error toast: title, a line break, body', () => {
    expect(failureMessage()).toBe('Oops! Something went wrong.\nWe’re experiencing a temporary issue. Our team is on it; please try again shortly.');
  });
});

describe('successMessage', () => {
  // Spec §8's success toasts, by tool id; Text/RTF's {FORMAT} is its default, txt.
  const SPEC_TOASTS: Record<string, string> = {
    'crop-pdf': 'PDF cropped successfully! Preview below or download the file.',
    'adjust-page-size': 'PDF adjusted successfully! Preview below or download the file.',
    'multi-page-layout': 'PDF processed successfully! Preview below or download the file.',
    'extract-page': 'Pages extracted successfully! Preview below or download the file.',
    merge: 'PDFs merged successfully! Preview below or download the file.',
    organise: 'PDF rearranged successfully!',
    'single-large-page': 'PDF converted to single large page successfully!',
    remove: 'Pages removed successfully!',
    rotate: 'PDF rotated successfully!',
    split: 'PDF split successfully!',
    'file-to-pdf': 'File converted to PDF successfully!',
    'email-to-pdf': 'Email converted successfully!',
    'html-to-pdf': 'HTML converted to PDF successfully!',
    'markdown-to-pdf': 'Markdown converted to PDF successfully!',
    'image-to-pdf': 'Images converted to PDF successfully!',
    'pdf-to-image': 'PDF converted to images and zipped successfully!',
    'pdf-to-word': 'PDF converted to Word document successfully!',
    'pdf-to-csv': 'PDF converted to CSV successfully!',
    'pdf-to-html': 'PDF converted to HTML successfully!',
    'pdf-to-markdown': 'PDF converted to Markdown successfully!',
    'pdf-to-pdfa': 'PDF converted to PDF/A successfully!',
    'pdf-to-presentation': 'PDF converted to presentation successfully!',
    'pdf-to-rtf': 'PDF converted to TXT successfully!',
    'pdf-to-xml': 'PDF converted to XML successfully!',
  };

  it.each(Object.entries(SPEC_TOASTS))('%s: the spec’s text with the form’s defaults', (id, text) => {
    const tool = tools.find((candidate) => candidate.id === id);
    expect(tool).toBeDefined();
    expect(successMessage(tool!, defaultsOf(tool!))).toBe(text);
  });

  it('fills {FORMAT} with the chosen output format in capitals (PDF to Text/RTF)', () => {
    expect(pdfToRtfTool.toast.success).toBe('PDF converted to {FORMAT} successfully!');
    expect(successMessage(pdfToRtfTool, { outputFormat: 'rtf' })).toBe('PDF converted to RTF successfully!');
    expect(successMessage(pdfToRtfTool, { outputFormat: 'txt' })).toBe('PDF converted to TXT successfully!');
  });

  it('leaves a toast without the placeholder as declared, whatever the format', () => {
    expect(successMessage(pdfToWordTool, { outputFormat: 'odt' })).toBe('PDF converted to Word document successfully!');
  });
});

describe('what the page says instead of a result', () => {
  it('nothing found: the declaration’s words as a sentence', () => {
    expect(nothingFoundMessage(pdfToCsvTool)).toBe('No table on the chosen pages.');
  });

  it('nothing found: an undeclared case worded plainly', () => {
    expect(nothingFoundMessage(rotateTool)).toBe('The tool found nothing to return for this file.');
  });

  it('cancelled', () => {
    expect(cancelledNotice()).toBe('Cancelled: nothing was kept on the server.');
  });
});

describe('a PDF that needs a password', () => {
  it('points to Remove PDF Password from a tool that takes none', () => {
    expect(passwordProtectedNote('payslip.pdf')).toEqual({
      detail: 'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.',
      link: { text: 'Remove PDF Password', href: '/tools/security/remove-password' },
    });
    expect(passwordProtectedNote(null).detail).toBe(
      'One of the PDFs is password-protected. Remove its password first with Remove PDF Password, then try again.',
    );
  });

  it('says the password typed in the tool’s own field does not open it', () => {
    expect(wrongPasswordDetail('payslip.pdf')).toBe('That password does not open payslip.pdf.');
    expect(wrongPasswordDetail(null)).toBe('That password does not open the PDF.');
  });
});
