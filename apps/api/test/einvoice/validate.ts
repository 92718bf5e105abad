// The e-invoice checks that run in `npm test` (decision record 026), after /work/shared/einvoice's
// validate.sh: the CII D16B schema (xmllint), the EN 16931 rules (CEN validation artefacts 1.3.16,
// compiled XSLT) and the XRechnung 3.0 CIUS rules (KoSIT schematron compiled with SchXslt), run with
// Saxon-HE. Each stylesheet is compiled once for a whole directory of invoices. A failed assertion
// with flag fatal or error fails; warnings are reported only. The artefacts and their licences are in
// this folder (LICENSES.md); src/modules/invoices/einvoice.test.ts uses it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export type Verdict = { schema: string[]; errors: string[]; warnings: string[]; firedRules: number };

/** Failed assertions of an SVRL report, by flag. */
export function svrlFindings(svrl: string) {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = match[1]!;
    const flag = (/\bflag="([^"]+)"/.exec(attrs)?.[1] ?? /\brole="([^"]+)"/.exec(attrs)?.[1] ?? 'error').toLowerCase();
    const id = /\bid="([^"]+)"/.exec(attrs)?.[1] ?? '?';
    const text = (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2]!)?.[1] ?? '').replace(/\s+/g, ' ').trim();
    (flag === 'fatal' || flag === 'error' ? errors : warnings).push(`${id}: ${text.slice(0, 200)}`);
  }
  return { errors, warnings, firedRules: (svrl.match(/<svrl:fired-rule\b/g) ?? []).length };
}

function schemaErrors(file: string): string[] {
  try {
    execFileSync(
      'xmllint',
      ['--noout', '--schema', path.join(here, 'cii-schema/CrossIndustryInvoice_100pD16B.xsd'), file],
      {
        stdio: 'pipe',
      },
    );
    return [];
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error)
      .split('\n')
      .filter((line) => line && !line.endsWith('fails to validate'));
  }
}

function transformAll(dir: string, stylesheet: string, out: string) {
  fs.mkdirSync(out, { recursive: true });
  execFileSync(
    'java',
    ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${dir}`, `-xsl:${path.join(here, 'rules', stylesheet)}`, `-o:${out}`],
    {
      stdio: 'pipe',
    },
  );
}

/**
 * Checks every CII invoice in `files` (name → XML): the schema, EN 16931 and, for those claiming the
 * XRechnung CIUS in BT-24, the XRechnung rules.
 */
export function validateCii(workDir: string, files: Record<string, string>): Record<string, Verdict> {
  const src = path.join(workDir, 'src');
  fs.mkdirSync(src, { recursive: true });
  for (const [name, xml] of Object.entries(files)) fs.writeFileSync(path.join(src, `${name}.xml`), xml);
  transformAll(src, 'EN16931-CII-validation.xslt', path.join(workDir, 'en'));
  const claimsXr = Object.entries(files).filter(([, xml]) => xml.includes('urn:xeinkauf.de:kosit:xrechnung'));
  if (claimsXr.length > 0) {
    const xrSrc = path.join(workDir, 'xr-src');
    fs.mkdirSync(xrSrc, { recursive: true });
    for (const [name, xml] of claimsXr) fs.writeFileSync(path.join(xrSrc, `${name}.xml`), xml);
    transformAll(xrSrc, 'XRechnung-CII-validation.xsl', path.join(workDir, 'xr'));
  }
  const verdicts: Record<string, Verdict> = {};
  for (const name of Object.keys(files)) {
    const en = svrlFindings(fs.readFileSync(path.join(workDir, 'en', `${name}.xml`), 'utf8'));
    const xrFile = path.join(workDir, 'xr', `${name}.xml`);
    const xr = fs.existsSync(xrFile)
      ? svrlFindings(fs.readFileSync(xrFile, 'utf8'))
      : { errors: [], warnings: [], firedRules: 0 };
    verdicts[name] = {
      schema: schemaErrors(path.join(src, `${name}.xml`)),
      errors: [...en.errors, ...xr.errors],
      warnings: [...en.warnings, ...xr.warnings],
      firedRules: en.firedRules + xr.firedRules,
    };
  }
  return verdicts;
}

/** The factur-x.xml embedded in a ZUGFeRD PDF, taken out with pdfdetach. */
export function embeddedXml(workDir: string, pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(workDir, 'pdf-'));
  fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
  execFileSync('pdfdetach', ['-saveall', 'in.pdf'], { cwd: dir, stdio: 'pipe' });
  const xml = fs.readdirSync(dir).find((f) => f.endsWith('.xml'));
  if (!xml) throw new Error('no XML embedded in the PDF');
  return fs.readFileSync(path.join(dir, xml), 'utf8');
}
