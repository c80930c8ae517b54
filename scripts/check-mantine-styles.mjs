#!/usr/bin/env node
// Every Mantine class name the built app uses is styled (web/vite-plugins/mantineStyles.ts loads only
// the sheets of the components web/src imports): a class that Mantine's full styles.css styles must
// be styled by the build's CSS too. Run after `npm run build -w web`; exits 1 and names the classes
// and the sheets that style them when any is missing.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assets = join(root, 'web', 'dist', 'assets');
const require = createRequire(join(root, 'web', 'package.json'));
const packageDir = (name) => dirname(dirname(require.resolve(name)));

const read = (ending) =>
  readdirSync(assets)
    .filter((file) => file.endsWith(ending))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
const builtJs = read('.js');
const builtCss = read('.css');
const coreStyles = join(packageDir('@mantine/core'), 'styles');
const sheets = readdirSync(coreStyles)
  .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
  .map((file) => ({ file, css: readFileSync(join(coreStyles, file), 'utf8') }));

const classes = new Set(builtJs.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
const missing = [...classes]
  .map((name) => ({ name, sheets: sheets.filter(({ css }) => css.includes(`.${name}`)).map(({ file }) => file) }))
  .filter(({ name, sheets: styledBy }) => styledBy.length > 0 && !builtCss.includes(`.${name}`));

if (missing.length > 0) {
  console.error('Mantine classes the app uses but its CSS does not style (web/vite-plugins/mantineStyles.ts):');
  for (const { name, sheets: styledBy } of missing) console.error(`  ${name}: ${styledBy.join(', ')}`);
  process.exit(1);
}
console.log(`Mantine styles: all ${classes.size} Mantine class names in the built JavaScript are styled.`);
