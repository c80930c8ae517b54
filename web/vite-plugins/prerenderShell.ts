import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { Shell } from '../src/app/prerender/shells';

/** The module that renders the shells (web/src/app/prerender/shells.tsx), as the dev server resolves it. */
const SHELLS_MODULE = '/src/app/prerender/shells.tsx';

/**
 * Paints the first screen from the HTML, before any JavaScript has loaded: at build time the pages of
 * `web/src/app/prerender/shells.tsx` (the sign-in page with the cookie bar) are rendered with
 * react-dom/server, through a dev server of this same configuration so CSS-module class names match
 * the build's, and put into index.html as `<template id="shell:<path>">`. A small inline script
 * (shellBootstrap below) shows the template of the current path above the still hidden `#root`; the
 * app takes the shell over once it has drawn the same page (web/src/app/shellTakeover.ts), carrying
 * over what was typed, the focus, a pending submit and a button pressed meanwhile. Dev mode has no shell.
 */
export function prerenderShell(): Plugin {
  let config: ResolvedConfig;
  /** The start-up parts' scripts, and their stylesheets by file, which index.html carries inline. */
  let startup = { scripts: [] as string[], styles: new Map<string, string>() };
  return {
    name: 'panel-prerender-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // Before Vite writes the preload lists into the chunks and index.html: nothing links or fetches an
      // inlined stylesheet (Vite would add its <link> before it imports a part, or a page that imports
      // one, and wait for it).
      order: 'pre',
      handler(_options, bundle) {
        const files = startupFilesOf(bundle);
        const styles = files.filter((file) => file.endsWith('.css'));
        startup = {
          scripts: files.filter((file) => file.endsWith('.js')),
          styles: new Map(styles.map((file) => [file, assetSource(bundle, file)])),
        };
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          for (const file of styles) output.viteMetadata?.importedCss.delete(file);
        }
        for (const file of styles) delete bundle[file];
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) throw new Error('The prerendered shell is made in a build only');
        const shells = await renderShellsForBuild(config);
        const templates = Object.entries(shells)
          .map(([pathname, { html: markup, preload }]) => {
            const files = chunkFilesOf(bundle, preload, config.root)
              .filter((file) => !startup.scripts.includes(file))
              .map((file) => `${config.base}${file}`);
            return `<template id="shell:${pathname}" data-preload="${files.join(' ')}">${markup ?? ''}</template>`;
          })
          .join('\n    ');
        const rootDiv = '<div id="root"></div>';
        if (!html.includes(rootDiv))
          throw new Error(`index.html has no ${rootDiv} to put the prerendered shell before`);
        const entry = entryScriptTag(html);
        // After the entry's stylesheet, which Vite links above: the stylesheets block the first paint,
        // so they go first. Vite links the part the entry imports statically (React DOM, with the helpers
        // the entry uses) itself.
        const startupScripts = startup.scripts
          .filter((file) => !html.includes(`href="${config.base}${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`);
        // Without Vite's chunk markers (`/*$vite$:1*/`), which mean nothing in a page.
        const startupStyles = [...startup.styles.values()].map(
          (css) => `<style>${css.replace(/\/\*\$vite\$:\d+\*\//g, '').trim()}</style>`,
        );
        if (!html.includes('</head>')) throw new Error('index.html has no </head> to put the start-up parts before');
        return html
          .replace(entry.tag, '')
          .replace('</head>', () =>
            [
              ...startupStyles,
              `<link rel="modulepreload" crossorigin href="${entry.src}">`,
              ...startupScripts,
              '</head>',
            ].join('\n    '),
          )
          .replace(rootDiv, () => `${templates}\n    ${rootDiv}\n    <script>${shellBootstrap(entry.src)}</script>`);
      },
    },
  };
}

/**
 * Renders the shells through a dev server of the build's configuration (web/src/app/prerender/shells.tsx).
 * That server gets a dependency cache of its own, removed afterwards: in the configuration's cacheDir
 * it would overwrite the optimized dependencies of the dev server (`npm start`, the e2e files on
 * `web: 'dev'`), which then re-optimizes on a later page load and reloads every open page.
 */
export async function renderShellsForBuild(
  config: Pick<ResolvedConfig, 'configFile' | 'root' | 'mode'>,
): Promise<Record<string, Shell>> {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'panel-prerender-vite-'));
  try {
    const server = await createServer({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      cacheDir,
      logLevel: 'warn',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const module = (await server.ssrLoadModule(SHELLS_MODULE)) as {
        renderShells: () => Promise<Record<string, Shell>>;
      };
      return await module.renderShells();
    } finally {
      await server.close();
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * The chunks that hold the given source modules, with the chunks they import statically, minus the
 * entry chunk (index.html loads it anyway), and the stylesheets those chunks import (Vite loads a
 * chunk's CSS before it runs the chunk: fetched only then, it would cost a round trip after the
 * entry script ran).
 */
function chunkFilesOf(bundle: OutputBundle, modules: readonly string[], root: string): string[] {
  const chunks = chunksOf(bundle);
  return filesLoadedWith(
    bundle,
    modules.map((module) => {
      const id = path.resolve(root, module);
      const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
      if (!chunk) throw new Error(`No chunk of the build holds ${module}, which a prerendered shell preloads`);
      return chunk;
    }),
  );
}

/**
 * The start-up parts main.tsx imports dynamically (every `import()` of the entry chunk), with the chunks
 * they import statically and their stylesheets. index.html loads them with the entry: their scripts as
 * `modulepreload` links, so no part waits for the network when main.tsx asks for it, and their
 * stylesheets inline (~2 KB: the cookie bar, the skip link, the page transitions), which the shell and
 * the first page need before their first paint (Vite would add them only when the part is imported,
 * and wait for them; linked, they were one more request before the first paint).
 */
function startupFilesOf(bundle: OutputBundle): string[] {
  const entries = chunksOf(bundle).filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`The build has ${entries.length} entry chunks, the shell expects one`);
  return filesLoadedWith(
    bundle,
    entries[0].dynamicImports.map((file) => bundle[file] as OutputChunk),
  );
}

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** The chunks, their stylesheets and the chunks they import statically, in that order; not the entry. */
function filesLoadedWith(bundle: OutputBundle, starts: readonly OutputChunk[]): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const file of chunk.imports) visit(bundle[file] as OutputChunk | undefined);
  };
  for (const chunk of starts) visit(chunk);
  return [...files];
}

/** A stylesheet of the bundle, to be put inline. */
function assetSource(bundle: OutputBundle, file: string): string {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`The build has no stylesheet ${file}`);
  return String(asset.source);
}

/** The `<script type="module">` Vite wrote for the app's entry chunk, and its address. */
function entryScriptTag(html: string): { tag: string; src: string } {
  const tags = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  if (tags.length !== 1)
    throw new Error(`index.html has ${tags.length} entry scripts, the prerendered shell expects one`);
  return { tag: tags[0][0], src: tags[0][1] };
}

/**
 * Runs while the HTML is parsed, before the first paint. Kept in plain ES5 (it is not bundled), apart
 * from the dynamic `import()` that starts the app.
 * - Starts the app's entry chunk (fetched since the `<head>`, where its `<script type="module">` is a
 *   `modulepreload` link instead): at once when no shell is shown; with a shell, after the shell's
 *   first paint. A deferred module script runs as soon as parsing ends when it is already there (a
 *   cached visit, a fast network), and the app's start-up — 0.1–0.3 s of a slow phone's main thread —
 *   would hold the shell's paint back. A tab opened in the background paints no frames: the app starts
 *   there at once.
 * - Starts fetching the chunks the page loads lazily and their stylesheets (data-preload), beside
 *   the entry script, unless a signed-in device opens the sign-in page (the app sends it on to the
 *   dashboard; the device's last user is lastUser.ts's key).
 * - Shows the current path's shell, when the page has one (an empty template only preloads), shows
 *   its parts that depend on the address's query (`data-shell-shown-with="<parameter>"`: rendered
 *   hidden, since the shell is drawn without a query), and drops the cookie bar from it when consent
 *   was given (shared/cookies.ts).
 * - Until the app takes over, a submitted form is held (never sent as a GET that would put the
 *   password in the address) and a pressed button is remembered, for the app to do them again.
 */
const shellBootstrap = (entry: string) => `(function () {
  function startApp() {
    import(${JSON.stringify(entry)});
  }
  if (!showShell() || document.hidden) return startApp();
  requestAnimationFrame(function () {
    setTimeout(startApp, 0);
  });

  function showShell() {
    var path = location.pathname;
    var template = document.getElementById('shell:' + path);
    var root = document.getElementById('root');
    if (!template || !root) return false;
    try {
      if (path === '/' && localStorage.getItem('panel.session.lastUser')) return false;
    } catch (e) {}
    var files = (template.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      if (/\\.css$/.test(files[i])) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    if (!template.content.firstChild) return false;
    var shell = document.createElement('div');
    shell.id = 'shell';
    shell.setAttribute('data-path', path);
    shell.appendChild(template.content.cloneNode(true));
    var query = new URLSearchParams(location.search);
    var shownWith = shell.querySelectorAll('[data-shell-shown-with]');
    for (var j = 0; j < shownWith.length; j++) {
      if (query.get(shownWith[j].getAttribute('data-shell-shown-with'))) shownWith[j].hidden = false;
    }
    if (/(?:^|;\\s*)ncc_c=1(?:;|$)/.test(document.cookie)) {
      var bar = shell.querySelector('[data-testid="cookie-consent"]');
      if (bar) bar.parentNode.removeChild(bar);
    }
    shell.addEventListener('submit', function (event) {
      event.preventDefault();
      shell.setAttribute('data-submitted', '');
    });
    shell.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('button');
      if (button && button.type !== 'submit') shell.pressed = button;
    });
    root.parentNode.insertBefore(shell, root);
    root.hidden = true;
    return true;
  }
})();`;
