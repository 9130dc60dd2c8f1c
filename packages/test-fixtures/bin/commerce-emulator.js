#!/usr/bin/env node
// Thin launcher so the bin exists before the first build; the CLI itself lives in dist/cli.js and
// runs in this process (no child process), so a SIGTERM or SIGINT sent to it reaches the CLI.
import '../dist/cli.js';
