// Sums the JSON reports of every test run of CI (vitest and Playwright) into one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
function walk(p) {
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    const file = path.join(p, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (entry.name.endsWith('.json')) count(JSON.parse(fs.readFileSync(file, 'utf8')), file);
  }
}
function count(report, file) {
  if (typeof report.numPassedTests === 'number') {
    // vitest json reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (report.stats && typeof report.stats.expected === 'number') {
    // playwright json reporter
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
  } else {
    console.error(`unknown report format: ${file}`);
  }
}
if (fs.existsSync(dir)) walk(dir);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
