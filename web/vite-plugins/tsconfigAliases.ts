import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The import aliases (`@domain` → functions/src/domain) are declared once, in web/tsconfig.json's
 * `paths`; Vite and Vitest take them from there, so the typechecker and the bundler can never
 * disagree about where an alias points.
 */
export function tsconfigAliases(): Record<string, string> {
  const file = resolve(webDir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(`web/tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const options =
    (config as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } }).compilerOptions ?? {};
  const base = resolve(webDir, options.baseUrl ?? '.');
  const aliases: Record<string, string> = {};
  for (const [pattern, [target]] of Object.entries(options.paths ?? {})) {
    if (!pattern.endsWith('/*') || !target?.endsWith('/*'))
      throw new Error(`web/tsconfig.json: alias ${pattern} must map "name/*" to "dir/*"`);
    aliases[pattern.slice(0, -2)] = resolve(base, target.slice(0, -2));
  }
  return aliases;
}
