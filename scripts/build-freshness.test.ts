import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeeded } from './build-freshness';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A project with the given files, every one written at `at` (seconds since the epoch). */
function project(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'));
  roots.push(root);
  for (const [file, at] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    fs.utimesSync(path.join(root, file), at, at);
  }
  return root;
}

describe('npm start builds again when the sources changed after the build', () => {
  it('builds when there is no build, and not when the build is newer than every input', () => {
    expect(buildNeeded(project({ 'app/page.tsx': 100 }))).toBe('no production build found');
    expect(buildNeeded(project({ 'app/page.tsx': 100, 'lib/core/errors.ts': 100, 'messages/ar.json': 100, '.next/BUILD_ID': 200 }))).toBeNull();
  });

  it('names the first input changed after the build (a pull), however deep', () => {
    const root = project({ 'app/page.tsx': 100, 'lib/cases/read-cases.ts': 300, '.next/BUILD_ID': 200 });
    expect(buildNeeded(root)).toBe(`${path.join('lib', 'cases', 'read-cases.ts')} changed after the last build`);
    const config = project({ 'app/page.tsx': 100, 'next.config.mjs': 300, '.next/BUILD_ID': 200 });
    expect(buildNeeded(config)).toBe('next.config.mjs changed after the last build');
  });

  it('ignores what is not built: tests, the generated ORM client (rewritten by every npm install), files outside the inputs', () => {
    const root = project({
      'app/page.tsx': 100,
      'lib/cases/cases.test.ts': 300,
      'lib/generated/prisma/client.ts': 300,
      'bench/kyc.ts': 300,
      'package-lock.json': 300,
      '.next/BUILD_ID': 200,
    });
    expect(buildNeeded(root)).toBeNull();
  });
});
