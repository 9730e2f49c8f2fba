import { expandPlaceholders, formatDate, usesDocumentInfo, variesByPage, type StampContext } from './stamp-placeholders';

const context: StampContext = {
  pageNumber: 3,
  pageCount: 12,
  fileName: 'q3 report.final.pdf',
  info: { title: 'Q3', author: 'Asha' },
  // 5 March 2025, 09:07:04.250 local time: a Wednesday.
  now: new Date(2025, 2, 5, 9, 7, 4, 250),
  uuid: '0a1b2c3d',
};

describe('stamp placeholders', () => {
  it('replaces every placeholder of the reference', () => {
    const text = '@page_number @page @page_count @total_pages|@filename|@filename_full|@title|@author|@subject|@uuid';
    expect(expandPlaceholders(text, context)).toBe('3 3 12 12|q3 report.final|q3 report.final.pdf|Q3|Asha||0a1b2c3d');
    expect(expandPlaceholders('@datetime|@date|@time|@year|@month|@day', context)).toBe('2025-03-05 09:07:04|2025-03-05|09:07:04|2025|03|05');
  });

  it('reads @@ as a literal @ that starts no placeholder, and leaves unknown names alone', () => {
    expect(expandPlaceholders('mail@@example.com @@page @@@page @pages @nothing', context)).toBe('mail@example.com @page @3 3s @nothing');
  });

  it('formats @date{...} with Java pattern letters and quoted literals', () => {
    expect(expandPlaceholders('@date{dd/MM/yyyy HH:mm}', context)).toBe('05/03/2025 09:07');
    expect(formatDate(context.now, "EEEE d MMMM yy 'at' h:mm a")).toBe('Wednesday 5 March 25 at 9:07 AM');
    expect(formatDate(context.now, "EEE, MMM d ''yy")).toBe("Wed, Mar 5 '25");
    expect(formatDate(context.now, 'D HH:mm:ss.SSS')).toBe('64 09:07:04.250');
  });

  it('marks patterns it cannot or will not read, as the reference does', () => {
    expect(formatDate(context.now, 'yyyy-qq')).toBe('[invalid format: yyyy-qq]');
    expect(formatDate(context.now, 'yyyy<script>')).toBe('[invalid format: yyyy<script>]');
    expect(formatDate(context.now, 'y'.repeat(51))).toBe(`[invalid format: ${'y'.repeat(51)}]`);
    expect(formatDate(context.now, "'unterminated")).toBe("[invalid format: 'unterminated]");
  });

  it('knows which texts differ from page to page and which read the document’s Info', () => {
    expect(variesByPage('Page @page_number')).toBe(true);
    expect(variesByPage('Page @page of @page_count')).toBe(true);
    expect(variesByPage('@page_count pages, @total_pages in all')).toBe(false);
    expect(variesByPage('@@page')).toBe(false);
    expect(usesDocumentInfo('By @author')).toBe(true);
    expect(usesDocumentInfo('@@title')).toBe(false);
  });
});
