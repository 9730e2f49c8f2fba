import { useLingui } from '@lingui/react';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
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

type MessageKey = keyof typeof english;

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
  const t = useMessages('resultViews', english);
  const { locale } = useLingui().i18n;
  const json = useBlobText(body);
  const reports = useMemo(() => (json === null ? null : reportsIn(json)), [json]);

  if (reports === null) return null;
  /** A number in the visitor's digits, ungrouped. e.g. '2048' */
  const digits = (n: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(n);
  /** Spec §3: missing text fields display 'N/A'; a missing errorMessage displays 'None'. */
  const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? t('notAvailable') : String(value));
  const yesNo = (value: boolean | undefined) => (value === undefined ? t('notAvailable') : value ? t('yes') : t('no'));
  /** The spec's notRevoked, from the reference's revocation status. */
  const notRevoked = (status: string | null | undefined) => (status === 'good' ? t('yes') : status === 'revoked' ? t('no') : t('notChecked'));

  if (reports.length === 0) {
    return (
      <p className="signature-list__empty" data-testid="signature-list">
        {t('signatureNone')}
      </p>
    );
  }
  return (
    <ol className="signature-list" data-testid="signature-list">
      {reports.map((report, index) => {
        const verdict = verdictOf(report);
        // Each row's label by message key; its English names the row (`data-field`) in every language.
        const rows: [MessageKey, string][] = [
          ['fieldSignatureValid', yesNo(report.valid)],
          [
            'fieldCovers',
            report.coverage === 'entire-document'
              ? t('coversEntireDocument')
              : report.coverage === 'signed-revision-only'
                ? t('coversSignedRevision')
                : t('notAvailable'),
          ],
          ['fieldSignerName', text(report.signerName)],
          ['fieldSignatureDate', text(report.signatureDate)],
          ['fieldReason', text(report.reason)],
          ['fieldLocation', text(report.location)],
          ['fieldErrorMessage', report.errorMessage ? report.errorMessage : t('noErrorMessage')],
          ['fieldChainValid', yesNo(report.chainValid)],
          ['fieldTrusted', yesNo(report.trustValid)],
          ['fieldNotExpired', yesNo(report.notExpired)],
          ['fieldNotRevoked', notRevoked(report.revocationStatus)],
          ['fieldIssuer', text(report.issuerDN && readableName(report.issuerDN))],
          ['fieldSubject', text(report.subjectDN && readableName(report.subjectDN))],
          ['fieldSerialNumber', text(report.serialNumber)],
          ['fieldValidFrom', text(report.validFrom)],
          ['fieldValidUntil', text(report.validUntil)],
          ['fieldSignatureAlgorithm', text(report.signatureAlgorithm)],
          ['fieldKeySize', report.keySize ? t('keySizeBits', { bits: digits(report.keySize) }) : t('notAvailable')],
          ['fieldVersion', text(report.version)],
          ['fieldSelfSigned', yesNo(report.selfSigned)],
        ];
        return (
          <li key={index} className={`signature-list__item signature-list__item--${verdict.kind}`} data-testid="signature-item" data-verdict={verdict.kind}>
            <h3 className="signature-list__title">{t('signatureHeading', { number: digits(index + 1), verdict: verdict.title })}</h3>
            {verdict.detail && (
              <p className="signature-list__warning" role="note" data-testid="signature-warning">
                {verdict.detail}
              </p>
            )}
            <dl className="signature-list__fields">
              {rows.map(([label, value]) => (
                <div key={label} className="signature-list__field" data-field={english[label]}>
                  <dt>{t(label)}</dt>
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
