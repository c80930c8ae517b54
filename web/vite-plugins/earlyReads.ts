import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { loadEnv, type Plugin } from 'vite';
import { readFirebaseConfig } from '../src/shared/firebase/config';
import type { EarlyReadsSetup } from '../src/shared/firebase/earlyReads';
import { restTargetOf } from '../src/shared/firebase/restRead';

/** The module the inline script runs (web/src/app/earlyReads.ts). */
const EARLY_READS_MODULE = fileURLToPath(new URL('../src/app/earlyReads.ts', import.meta.url));

/**
 * An inline script at the top of index.html that reads a returning user's stored session and starts
 * the page's first REST reads while the HTML is parsed (web/src/shared/firebase/earlyReads.ts): they
 * then travel beside the app's scripts rather than after them. Bundled from the app's own modules
 * (app/earlyReads.ts) with the build's database and API key, so it cannot drift from what the app
 * reads; the same in development. A configuration without a usable Firebase setup gets no script (the
 * app shows its start-up error).
 */
export function earlyReads(): Plugin {
  let setup: EarlyReadsSetup | null = null;
  let script: Promise<string> | null = null;
  return {
    name: 'panel-early-reads',
    configResolved(config) {
      setup = earlyReadsSetupOf(loadEnv(config.mode, config.envDir || config.root, 'VITE_'));
    },
    async transformIndexHtml(html) {
      if (!setup) return html;
      script ??= bundleEarlyReads(setup);
      // Before every stylesheet: an inline script after one waits until it has loaded.
      const anchor = '</title>';
      if (!html.includes(anchor)) throw new Error(`index.html has no ${anchor} to put the early reads after`);
      const code = await script;
      return html.replace(anchor, () => `${anchor}\n    <script>${code}</script>`);
    },
  };
}

/** What the inline script needs of this environment's configuration, or null when it is unusable. */
export function earlyReadsSetupOf(env: Record<string, string | undefined>): EarlyReadsSetup | null {
  try {
    const config = readFirebaseConfig(env);
    return { ...restTargetOf(config), apiKey: config.options.apiKey };
  } catch {
    return null;
  }
}

/** The inline script: app/earlyReads.ts run with `setup`, as one minified ES2020 function. */
export async function bundleEarlyReads(setup: EarlyReadsSetup): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { runEarlyReads } from ${JSON.stringify(EARLY_READS_MODULE)};\nrunEarlyReads(${JSON.stringify(setup)});`,
      loader: 'ts',
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'none',
  });
  // A `</script>` inside would end the inline script early.
  return result.outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');
}
