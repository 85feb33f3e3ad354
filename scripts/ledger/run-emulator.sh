#!/usr/bin/env bash
# ARK's Ledger app in speculos, headless on loopback, in the foreground until Ctrl-C: the device behind
# `votary serve --ledger-speculos 127.0.0.1:$LEDGER_APDU_PORT` (screenshots, trying the screens). Buttons through its
# REST API, e.g. `curl -XPOST -d '{"action":"press-and-release"}' 127.0.0.1:$LEDGER_API_PORT/button/right` (left,
# right, both); the screen's texts at 127.0.0.1:$LEDGER_API_PORT/events?currentscreenonly=true.
# Builds the emulator first if it is not built (build-emulator.sh). Only one emulator may run on a shared machine:
# run it as `flock /tmp/votary-ledger.lock bash scripts/ledger/run-emulator.sh`.
# The seed is the public BIP39 test vector "abandon … art" (tests/ledger/speculos.ts): never use it for funds.
set -euo pipefail
cd "$(dirname "$0")/../.."
EMU_DIR="${LEDGER_EMU_DIR:-/var/tmp/votary-ledger-emu}"
API_PORT="${LEDGER_API_PORT:-24010}"
APDU_PORT="${LEDGER_APDU_PORT:-24011}"
bash scripts/ledger/build-emulator.sh
SEED="$(printf 'abandon %.0s' $(seq 23))art"
cd "$EMU_DIR/src/speculos"
echo "speculos: ARK app on APDU 127.0.0.1:$APDU_PORT, REST API http://127.0.0.1:$API_PORT (Ctrl-C stops it)" >&2
PYTHONPATH="$EMU_DIR/src/ledgered/src:$EMU_DIR/src/speculos" exec /usr/bin/python3 speculos.py \
  --model nanos --sdk 1.6 --display headless --seed "$SEED" \
  --api-port "$API_PORT" --apdu-port "$APDU_PORT" "$EMU_DIR/src/ark-ledger/bin/app.elf"
