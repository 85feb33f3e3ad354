#!/usr/bin/env bash
# `npm run test:ledger`: builds Ledger's emulator and ARK's Ledger app once (scripts/ledger/build-emulator.sh, reused
# from $LEDGER_EMU_DIR afterwards), then runs tests/ledger against it on loopback ports. LEDGER_RECORD=1 also
# rewrites the recorded exchanges in tests/fixtures/ledger that the unit tests replay.
# Usage: [LEDGER_EMU_DIR=/var/tmp/votary-ledger-emu] [LEDGER_API_PORT=24010] [LEDGER_APDU_PORT=24011] bash scripts/ledger/test-ledger.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/ledger/build-emulator.sh
NODE_BACKEND=js exec npx vitest run -c vitest.ledger.config.ts --maxWorkers=1 "$@"
