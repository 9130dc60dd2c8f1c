#!/usr/bin/env node
// Thin launcher so the bin exists before the first build; the CLI itself lives in dist/cli.js.
import '../dist/cli.js';
