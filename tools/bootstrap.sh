#!/usr/bin/env bash
# Sets up a fresh machine that has only Node 20.19+ and npm: installs pnpm when missing,
# then the workspace from the frozen lockfile. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing pnpm 10 with npm"
  npm install -g pnpm@10 >/dev/null 2>&1 || npm install -g pnpm@10
fi
# node-gyp compiles better-sqlite3 (the durable mode's tests need it) where no prebuilt binary can
# be fetched and the pnpm store holds no build of it: one job per core, not one in all.
export JOBS="${JOBS:-max}"
pnpm install --frozen-lockfile
