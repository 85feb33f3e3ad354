#!/usr/bin/env bash
# Everything a fresh Debian machine of this kind lacks, then the npm dependencies. Idempotent: packages that are
# already installed are not touched, and `npm ci` runs only when the lockfile changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: Chromium for the Playwright end-to-end tests (Playwright's own browser download is not
# reachable here); libsecret-1-dev and pkg-config so the optional keytar module (the OS keychain behind "unlock on
# this device") builds during `npm ci`; dbus (dbus-run-session) and gnome-keyring for the key-store test that
# runs keytar against a real Secret Service (tests/keystore/keychain-real.test.ts); build-essential and python3 for
# node-gyp, which compiles better-sqlite3, keytar and bcrypto's libsecp256k1 (the node's signature checks) from
# their bundled C sources during `npm ci` against Node's own headers; libudev-dev and libusb-1.0-0-dev so the
# optional node-hid module (Ledger over USB, src/core/ledger/transport.ts) builds too.
packages=(chromium libsecret-1-dev pkg-config dbus gnome-keyring build-essential python3 libudev-dev libusb-1.0-0-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

marker=node_modules/.votary-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$marker" ] || [ "$(cat "$marker")" != "$want" ]; then
  echo "setup: npm ci"
  npm ci --loglevel=warn --no-fund --no-audit
  echo "$want" > "$marker"
fi
