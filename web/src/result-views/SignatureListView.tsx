import { useMemo } from 'react';
import { useBlobText } from '../hooks/use-blob-text';
import type { ResultViewProps } from './index';
import { readableName } from './distinguished-name';
import { verdictOf, type VerdictInput } from './signature-verdict';

/** One entry of Validate PDF Signature's answer (reference §5.8, and this signature's coverage), as far as the page shows it. */
interface SignatureReport extends VerdictInput {
  signerName?: string | null;
  signatureDate?: string | null;
  reason?: string | null;
  location?: string | null;
  errorMessage?: string | null;
  chainValid?: boolean;
  trustValid?: boolean;
  notExpired?: boolean;
  revocationStatus?: string | null;
  issuerDN?: string | null;
  subjectDN?: string | null;
  serialNumber?: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  signatureAlgorithm?: string | null;
  keySize?: number | null;
  version?: string | null;
  selfSigned?: boolean;
}

/** Spec §3: missing text fields display 'N/A'; a missing errorMessage displays 'None'. */
const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? 'N/A' : String(value));
const yesNo = (value: boolean | undefined) => (value === undefined ? 'N/A' : value ? 'Yes' : 'No');
/** The spec's notRevoked, from the reference's revocation status. */
const notRevoked = (status: string | null | undefined) => (status === 'good' ? 'Yes' : status === 'revoked' ? 'No' : 'Not checked');

/** The reports in the answer; anything but a JSON array is none. */
function reportsIn(json: string): SignatureReport[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as SignatureReport[]) : [];
  } catch {
    return [];
  }
}

/** Validate PDF Signature's result: one card per signature, every field the spec lists. */
export function SignatureListView({ body }: ResultViewProps) {
  const json = useBlobText(body);
  const reports = useMemo(() => (json === null ? null : reportsIn(json)), [json]);

  if (reports === null) return null;
  if (reports.length === 0) {
    return (
      <p className="signature-list__empty" data-testid="signature-list">
        No signatures found in this document.
      </p>
    );
  }
  return (
    <ol className="signature-list" data-testid="signature-list">
      {reports.map((report, index) => {
        const verdict = verdictOf(report);
        const rows: [string, string][] = [
          ['Signature valid', yesNo(report.valid)],
          [
            'Covers',
            report.coverage === 'entire-document' ? 'The entire document' : report.coverage === 'signed-revision-only' ? 'The signed revision only' : 'N/A',
          ],
          ['Signer name', text(report.signerName)],
          ['Signature date', text(report.signatureDate)],
          ['Reason', text(report.reason)],
          ['Location', text(report.location)],
          ['Error message', report.errorMessage ? report.errorMessage : 'None'],
          ['Certificate chain valid', yesNo(report.chainValid)],
          ['Trusted', yesNo(report.trustValid)],
          ['Not expired', yesNo(report.notExpired)],
          ['Not revoked', notRevoked(report.revocationStatus)],
          ['Issuer', text(report.issuerDN && readableName(report.issuerDN))],
          ['Subject', text(report.subjectDN && readableName(report.subjectDN))],
          ['Serial number', text(report.serialNumber)],
          ['Valid from', text(report.validFrom)],
          ['Valid until', text(report.validUntil)],
          ['Signature algorithm', text(report.signatureAlgorithm)],
          ['Key size', report.keySize ? `${report.keySize} bits` : 'N/A'],
          ['Version', text(report.version)],
          ['Self-signed', yesNo(report.selfSigned)],
        ];
        return (
          <li key={index} className={`signature-list__item signature-list__item--${verdict.kind}`} data-testid="signature-item" data-verdict={verdict.kind}>
            <h3 className="signature-list__title">
              Signature {index + 1}: {verdict.title}
            </h3>
            {verdict.detail && (
              <p className="signature-list__warning" role="note" data-testid="signature-warning">
                {verdict.detail}
              </p>
            )}
            <dl className="signature-list__fields">
              {rows.map(([label, value]) => (
                <div key={label} className="signature-list__field" data-field={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
