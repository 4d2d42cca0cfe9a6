// Whether `npm start` must run `next build` first: there is no production build yet, or a file the
// build is made of changed after it (a `git pull`, an edit), so the build would serve old code while
// the worker, which runs from the sources, runs new code.
import fs from 'node:fs';
import path from 'node:path';

/** What the production build is made of, relative to the project root. */
export const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'prisma/schema',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tailwind.config.ts',
  'tsconfig.json',
  'package.json',
];

/** Not part of the build: the ORM client is generated at install (from prisma/schema, watched), tests are not bundled. */
const skipped = (relative: string) => relative === path.join('lib', 'generated') || /\.test\.tsx?$/.test(relative);

/** Why a build is needed, or null when `.next` holds one newer than every input. */
export function buildNeeded(root: string): string | null {
  const stamp = fs.statSync(path.join(root, '.next', 'BUILD_ID'), { throwIfNoEntry: false });
  if (!stamp) return 'no production build found';
  const changed = firstNewer(root, BUILD_INPUTS, stamp.mtimeMs);
  return changed ? `${changed} changed after the last build` : null;
}

function firstNewer(root: string, entries: string[], time: number): string | null {
  for (const relative of entries) {
    if (skipped(relative)) continue;
    const stat = fs.statSync(path.join(root, relative), { throwIfNoEntry: false });
    if (!stat) continue;
    const found = stat.isDirectory()
      ? firstNewer(
          root,
          fs.readdirSync(path.join(root, relative)).map((name) => path.join(relative, name)),
          time,
        )
      : stat.mtimeMs > time
        ? relative
        : null;
    if (found) return found;
  }
  return null;
}
