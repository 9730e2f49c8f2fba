import { describe, expect, it } from '@jest/globals';
import { emailToPdfTool, fileToPdfTool, htmlToPdfTool, imageToPdfTool, markdownToPdfTool, pdfToWordTool, rotateTool, type InputSpec } from '@folio/registry';
import { acceptedExtensions, chosenFileType, describeAcceptedFiles, joinLabels } from './describe-accepted-files';

const single = (accept: InputSpec['accept']): InputSpec => ({ accept, multiple: false, messages: { missing: 'x', wrongType: 'x' } });

describe('joinLabels', () => {
  it('joins with commas and a final "or"', () => {
    expect(joinLabels([])).toBe('');
    expect(joinLabels(['PDF'])).toBe('PDF');
    expect(joinLabels(['EML', 'MSG'])).toBe('EML or MSG');
    expect(joinLabels(['JPG', 'PNG', 'GIF', 'BMP', 'TIFF'])).toBe('JPG, PNG, GIF, BMP or TIFF');
  });
});

describe('describeAcceptedFiles', () => {
  it('words a multi-file tool in the plural', () => {
    expect(describeAcceptedFiles(rotateTool.input)).toEqual({ prompt: 'Drop PDF files here', types: 'PDF files only' });
    expect(describeAcceptedFiles(imageToPdfTool.input)).toEqual({
      prompt: 'Drop JPG, PNG, GIF, BMP or TIFF files here',
      types: 'JPG, PNG, GIF, BMP or TIFF files only',
    });
  });

  it('words a single-file tool with an article', () => {
    expect(describeAcceptedFiles(pdfToWordTool.input)).toEqual({ prompt: 'Drop a PDF file here', types: 'One PDF file' });
    expect(describeAcceptedFiles(markdownToPdfTool.input)).toEqual({ prompt: 'Drop a Markdown or ZIP file here', types: 'One Markdown or ZIP file' });
  });

  it("uses 'an' before initialisms said with a vowel sound", () => {
    expect(describeAcceptedFiles(emailToPdfTool.input)).toEqual({ prompt: 'Drop an EML or MSG file here', types: 'One EML or MSG file' });
    expect(describeAcceptedFiles(htmlToPdfTool.input).prompt).toBe('Drop an HTML or ZIP file here');
    expect(describeAcceptedFiles(single(['msg'])).prompt).toBe('Drop an MSG file here');
    expect(describeAcceptedFiles(single(['zip'])).prompt).toBe('Drop a ZIP file here');
    expect(describeAcceptedFiles(single(['jpeg'])).prompt).toBe('Drop a JPG file here');
  });

  it("does not say 'file file' where the label is already a noun (Convert File to PDF)", () => {
    expect(describeAcceptedFiles(fileToPdfTool.input)).toEqual({ prompt: 'Drop a supported file here', types: 'One supported file' });
  });
});

describe('acceptedExtensions', () => {
  it('lists Convert File to PDF’s types as spec §3 does, plus JPG', () => {
    // Spec §3, "Supported input types for Convert File to PDF", in its order; JPG is the usual spelling of JPEG.
    const spec = (
      'DOC, DOCX, DOT, DOTX, CSV, XLS, XLSX, XLT, XLTX, SLK, DIF, PPT, PPTX, ODT, OTT, ODS, OTS, ODP, OTP, ODG, OTG, TXT, TEXT, ' +
      'XML, RTF, BMP, GIF, JPEG, PNG, TIF, PBM, PGM, PPM, RAS, XBM, XPM, SVG, SVM, WMF, HTML, LWP, SDA, SDC, SDD, SDW, STC, STD, ' +
      'STI, STW, SXD, SXG, SXI, SXW, DBF, FODS, VSD, VOR, VOR3, VOR4, UOP, PCT, PS, PDF'
    ).split(', ');
    const expected = [...spec.slice(0, spec.indexOf('JPEG') + 1), 'JPG', ...spec.slice(spec.indexOf('JPEG') + 1)];

    expect(fileToPdfTool.input.listAccepted).toBe('Supported file types');
    expect(acceptedExtensions(fileToPdfTool.input.accept)).toEqual(expected);
  });

  it('upper-cases, drops the dots, keeps declared order and lists each extension once', () => {
    expect(acceptedExtensions(emailToPdfTool.input.accept)).toEqual(['EML', 'MSG']);
    expect(acceptedExtensions(['jpeg', 'png'])).toEqual(['JPG', 'JPEG', 'JPE', 'JFIF', 'PNG']);
    expect(acceptedExtensions(['png', 'convertible']).filter((ext) => ext === 'PNG')).toHaveLength(1);
  });
});

describe('chosenFileType', () => {
  const file = (name: string, type = '') => new File(['x'], name, { type });

  it("labels a file with its accepted type's label", () => {
    expect(chosenFileType(file('photo.jpeg'), imageToPdfTool.input.accept)).toBe('JPG');
    expect(chosenFileType(file('scan.TIF'), imageToPdfTool.input.accept)).toBe('TIFF');
    expect(chosenFileType(file('mail.msg'), emailToPdfTool.input.accept)).toBe('MSG');
  });

  it('recognises a content-typed file by its MIME type when the name says nothing', () => {
    expect(chosenFileType(file('clipboard', 'image/png'), imageToPdfTool.input.accept)).toBe('PNG');
  });

  it('shows the extension for the broad Convert File to PDF list, and for a file no type matches', () => {
    expect(chosenFileType(file('Report.DOCX'), fileToPdfTool.input.accept)).toBe('DOCX');
    expect(chosenFileType(file('notes.txt'), emailToPdfTool.input.accept)).toBe('TXT');
  });
});
