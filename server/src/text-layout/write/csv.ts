/**
 * CSV as the reference writes it (§4.10): comma separated, every field in
 * double quotes with quotes doubled, each record ended by CRLF.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((field) => `"${field.replace(/"/g, '""')}"`).join(',')}\r\n`).join('');
}
