#!/usr/bin/env node
// Runs the compiled emulator (build it with `npx tsc -b emulator`).
import { main } from '../dist/cli.js';

await main(process.argv.slice(2));
