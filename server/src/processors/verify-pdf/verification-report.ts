import type { CheckedDocument } from './checked-document';
import type { Check } from './pdfa-checks';

/**
 * The reference's JSON (§9.4): one object per validated flavour, in veraPDF's
 * shape, plus what Folio adds to say how far it looked: `checksPerformed`
 * (each check with its rule and whether it passed) and `notChecked`.
 */

export interface Failure {
  ruleId: string | null;
  message: string;
  location: string | null;
  specification: string | null;
  clause: string | null;
  testNumber: string | null;
}

export interface PerformedCheck {
  ruleId: string | null;
  clause: string | null;
  description: string;
  passed: boolean;
}

export interface FlavourReport {
  standard: string;
  standardName: string;
  validationProfile: string | null;
  validationProfileName: string | null;
  complianceSummary: string;
  declaredPdfa: boolean;
  compliant: boolean;
  totalFailures: number;
  totalWarnings: number;
  warnings: never[];
  failures: Failure[];
  checksPerformed: PerformedCheck[];
  notChecked: string | null;
}

/** The first entry of a document that declares no PDF/A conformance, as the reference writes it. */
export function notPdfaReport(detail?: string): FlavourReport {
  const summary = 'Not PDF/A (no PDF/A identification metadata)';
  return {
    standard: 'not-pdfa',
    standardName: summary,
    validationProfile: null,
    validationProfileName: null,
    complianceSummary: summary,
    declaredPdfa: false,
    compliant: false,
    totalFailures: 1,
    totalWarnings: 0,
    warnings: [],
    failures: [
      {
        ruleId: null,
        message: detail ?? 'Document does not declare PDF/A compliance in its XMP metadata.',
        location: null,
        specification: 'XMP pdfaid',
        clause: null,
        testNumber: null,
      },
    ],
    checksPerformed: [],
    notChecked: null,
  };
}

export interface Flavour<Part extends number> {
  /** The reference's id. e.g. '2b', 'ua1' */
  standard: string;
  /** e.g. 'PDF/A-2B', 'PDF/UA-1' */
  label: string;
  part: Part;
  specification: string;
  declaredPdfa: boolean;
  checks: readonly Check<Part>[];
  /** Run checks that have no clause for this part too (reported without one). */
  runUnnumbered: boolean;
  notChecked: string;
}

/** Runs a flavour's checks and reports them in the reference's shape. */
export function flavourReport<Part extends number>(flavour: Flavour<Part>, document: CheckedDocument): FlavourReport {
  const failures: Failure[] = [];
  const performed: PerformedCheck[] = [];
  for (const check of flavour.checks) {
    const rule = check.rules[flavour.part];
    if (!rule && !flavour.runUnnumbered) continue;
    const findings = check.run(document, flavour.part);
    performed.push({
      ruleId: rule ? `${rule.clause}-${rule.testNumber}` : null,
      clause: rule?.clause ?? null,
      description: check.description,
      passed: findings.length === 0,
    });
    for (const finding of findings) {
      const testNumber = finding.testNumber ?? rule?.testNumber;
      failures.push({
        ruleId: rule ? `${rule.clause}-${testNumber}` : null,
        message: finding.message,
        location: finding.location,
        specification: flavour.specification,
        clause: rule?.clause ?? null,
        testNumber: rule && testNumber !== undefined && testNumber > 0 ? String(testNumber) : null,
      });
    }
  }
  const compliant = failures.length === 0;
  const passed = performed.filter((check) => check.passed).length;
  return {
    standard: flavour.standard,
    standardName: `${flavour.label} ${compliant ? 'compliant' : 'with errors'}`,
    validationProfile: flavour.standard,
    validationProfileName: `Folio partial check of ${flavour.label} (${performed.length} checks; not a full veraPDF validation)`,
    complianceSummary: compliant
      ? `Passed all ${performed.length} of Folio's ${flavour.label} checks; a full validation (veraPDF) covers much more.`
      : `Failed ${performed.length - passed} of Folio's ${performed.length} ${flavour.label} checks (${failures.length} problem${failures.length === 1 ? '' : 's'}).`,
    declaredPdfa: flavour.declaredPdfa,
    compliant,
    totalFailures: failures.length,
    totalWarnings: 0,
    warnings: [],
    failures,
    checksPerformed: performed,
    notChecked: flavour.notChecked,
  };
}
