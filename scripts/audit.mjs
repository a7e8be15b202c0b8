#!/usr/bin/env node
/**
 * `npm run audit:prod`: `npm audit --omit=dev --audit-level=high` that says plainly when it could
 * not check anything.
 *
 * Exit codes:
 *   0  no high or critical advisory against the production dependencies, or the audit could NOT be
 *      run because the registry's audit endpoint is unreachable (printed as "NOT CHECKED"; with
 *      AUDIT_REQUIRED=1 that case exits 3 instead, for a CI that can reach the endpoint)
 *   1  high or critical advisories found (listed)
 *   2  npm audit failed for another reason (no lock file, unreadable output, ...)
 *   3  not checked, and AUDIT_REQUIRED=1
 *
 * Not part of `npm test`: it needs the registry, and the one this machine reaches answers the audit
 * endpoint with 405 (docs/security.md, "Dependency audit").
 */
import { spawnSync } from 'node:child_process';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ARGS = ['audit', '--omit=dev', '--audit-level=high', '--json'];
const FAILING = ['high', 'critical'];
/** Error codes and HTTP statuses that mean "the advisory service could not be asked". */
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ECONNABORTED',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);
const UNREACHABLE_STATUS = (status) => [404, 405, 408, 429, 501].includes(status) || status >= 500;

const result = spawnSync(NPM, ARGS, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (result.error) {
  console.error(`audit:prod: could not start npm: ${result.error.message}`);
  process.exit(2);
}

const stdout = result.stdout ?? '';
const stderr = result.stderr ?? '';
let report;
try {
  report = JSON.parse(stdout);
} catch {
  report = undefined;
}

/** Why the audit could not reach its service, or undefined when the failure is something else. */
function unreachableReason() {
  const status = Number(report?.statusCode ?? report?.error?.statusCode);
  const code = String(report?.code ?? report?.error?.code ?? '');
  const message = String(report?.message ?? report?.error?.summary ?? '');
  if (Number.isFinite(status) && status > 0 && UNREACHABLE_STATUS(status))
    return `the registry's audit endpoint answered ${message || `HTTP ${status}`}`;
  const httpCode = /^E(\d{3})$/.exec(code)?.[1];
  if (UNREACHABLE_CODES.has(code) || (httpCode && UNREACHABLE_STATUS(Number(httpCode))))
    return `${code} ${message}`.trim();
  const codeInText = /\b(E[A-Z]{3,}|E\d{3})\b/.exec(stderr)?.[1];
  if (/audit endpoint returned an error/i.test(stderr) || (codeInText && UNREACHABLE_CODES.has(codeInText)))
    return (
      stderr
        .split('\n')
        .find((line) => /npm (warn|error) (audit|network)/i.test(line))
        ?.trim() ?? 'npm could not reach the audit endpoint'
    );
  return undefined;
}

if (!report?.metadata?.vulnerabilities) {
  const reason = unreachableReason();
  if (reason) {
    const bar = '='.repeat(72);
    console.log(
      [
        bar,
        'DEPENDENCY AUDIT: NOT CHECKED',
        '',
        `npm audit could not run: ${reason}.`,
        'No advisory database was consulted, so NOTHING is known about vulnerabilities',
        'in the production dependencies from this run. Run `npm run audit:prod` where the',
        'registry serves the audit endpoint (POST /-/npm/v1/security/advisories/bulk).',
        bar,
      ].join('\n'),
    );
    process.exit(process.env.AUDIT_REQUIRED === '1' ? 3 : 0);
  }
  console.error('audit:prod: npm audit failed and its output is not an audit report:');
  console.error((stdout + stderr).trim().slice(0, 4000));
  process.exit(2);
}

const counts = report.metadata.vulnerabilities;
const failing = Object.values(report.vulnerabilities ?? {}).filter((entry) =>
  FAILING.includes(entry.severity),
);
const summary = ['critical', 'high', 'moderate', 'low', 'info']
  .map((severity) => `${counts[severity] ?? 0} ${severity}`)
  .join(', ');

if (failing.length === 0) {
  console.log(`Dependency audit (production dependencies): no high or critical advisories (${summary}).`);
  process.exit(0);
}

console.log(`Dependency audit (production dependencies): ${summary}.`);
console.log('High and critical advisories:');
for (const entry of failing) {
  const advisories = (entry.via ?? []).filter((via) => typeof via === 'object');
  const through = (entry.via ?? []).filter((via) => typeof via === 'string');
  console.log(`- ${entry.name} (${entry.severity}) ${entry.range ?? ''}`.trimEnd());
  for (const advisory of advisories) console.log(`    ${advisory.title} ${advisory.url ?? ''}`.trimEnd());
  if (through.length) console.log(`    through ${through.join(', ')}`);
  const fix = entry.fixAvailable;
  if (fix && typeof fix === 'object') {
    console.log(`    fix: ${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (semver-major)' : ''}`);
  } else {
    console.log(`    fix: ${fix ? 'npm audit fix' : 'none available yet'}`);
  }
}
process.exit(1);
