#!/usr/bin/env bash
# `npm test`: typecheck, lint (layers included), formatting, every Vitest suite (unit + integration on a real PostgreSQL:
# the embedded one, or DATABASE_URL's server), then the Playwright browser tests against the
# production build. Ends with one line "N passed, M failed" summing every suite that ran.
# (Reports go to test-reports/: Playwright empties test-results/ when it starts.)
# Options: --vitest-only (skip typecheck, lint and browsers; used for the extra PostgreSQL 15 run).
set -u
cd "$(dirname "$0")/.."
mkdir -p test-reports
counts=test-reports/counts.txt
: > "$counts"
status=0
vitest_only=false
[ "${1:-}" = "--vitest-only" ] && vitest_only=true

count_json() { # $1 = kind, $2 = report file
  node -e '
    const fs = require("fs");
    const [kind, file] = process.argv.slice(1);
    if (!fs.existsSync(file)) { console.log(`${kind} 0 1`); process.exit(0); }
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    if (kind === "vitest") console.log(`vitest ${r.numPassedTests} ${r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)}`);
    else console.log(`playwright ${(r.stats.expected ?? 0) + (r.stats.flaky ?? 0)} ${r.stats.unexpected ?? 0}`);
  ' "$1" "$2" >> "$counts"
}

if ! $vitest_only; then
  echo "== typecheck"; npx tsc --noEmit -p . || { echo "typecheck failed"; status=1; echo "typecheck 0 1" >> "$counts"; }
  echo "== lint"; npx eslint . --max-warnings=0 || { echo "lint failed"; status=1; echo "lint 0 1" >> "$counts"; }
  echo "== format"; npx prettier --check . --log-level warn || { echo "formatting differs: run npm run format"; status=1; echo "format 0 1" >> "$counts"; }
fi

built=false
if ! $vitest_only; then
  echo "== build (the production build is used by the start-up test and the browser tests)"
  if npx next build; then built=true; else echo "build failed"; status=1; echo "build 0 1" >> "$counts"; fi
fi

echo "== vitest ${DATABASE_URL:+(DATABASE_URL server)}"
rm -f test-reports/vitest.json
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || status=1
count_json vitest test-reports/vitest.json


if ! $vitest_only && $built && [ "${SKIP_E2E:-}" != "1" ]; then
  echo "== playwright"
  rm -f test-reports/playwright.json
  PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json || status=1
  count_json playwright test-reports/playwright.json
fi

awk '{p+=$2; f+=$3} END {printf "%d passed, %d failed\n", p, f}' "$counts"
exit $status
