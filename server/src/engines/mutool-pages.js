// Prints how many pages a document has (server/src/engines/mutool.ts): `mutool run mutool-pages.js <file>`.
// MuPDF 1.22 and later open documents with Document.openDocument; 1.21 (Debian 12) with `new Document`.
var path = scriptArgs[0];
var doc = typeof Document.openDocument === 'function' ? Document.openDocument(path) : new Document(path);
print(doc.countPages());
