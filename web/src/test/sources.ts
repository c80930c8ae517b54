import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** web/src itself. */
const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module of the app (not its tests): the path relative to web/src and the text, for tests that read the code. */
export function appSources(): { file: string; source: string }[] {
  return sourceFiles(SRC).map((full) => ({ file: path.relative(SRC, full), source: readFileSync(full, 'utf8') }));
}
