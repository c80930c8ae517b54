#!/usr/bin/env node
// Entry point of `npm run seed`; see seed/README.md.
import { main, EXIT } from '../src/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`Seed przerwany przez nieoczekiwany błąd: ${error?.stack ?? error}`);
    process.exitCode = EXIT.failure;
  },
);
