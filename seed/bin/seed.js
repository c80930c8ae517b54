#!/usr/bin/env node
// Entry point of `npm run seed`; see seed/README.md. The CLI imports the shared domain (TypeScript)
// through the hooks of domain-hooks.js, registered before the CLI is loaded.
import { register } from 'node:module';

register('./domain-hooks.js', import.meta.url);
const { main, EXIT } = await import('../src/cli.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`Seed przerwany przez nieoczekiwany błąd: ${error?.stack ?? error}`);
    process.exitCode = EXIT.failure;
  },
);
