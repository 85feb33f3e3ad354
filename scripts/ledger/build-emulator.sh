#!/usr/bin/env bash
# Builds Ledger's emulator (speculos) and ARK's own Ledger app (ArkEcosystem/ledger v2.3.0, Nano S) from the
# pinned sources in scripts/ledger/vendor/ (see scripts/ledger/README.md for where they come from and their
# licences). Nothing but Debian packages is downloaded. Idempotent: a finished build in $LEDGER_EMU_DIR is reused.
# Usage: [LEDGER_EMU_DIR=/var/tmp/votary-ledger-emu] [JOBS=2] bash scripts/ledger/build-emulator.sh [--force]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
VENDOR="$HERE/vendor"
WORK=${LEDGER_EMU_DIR:-/var/tmp/votary-ledger-emu}
JOBS=${JOBS:-2}
export PATH=/usr/bin:$PATH # Debian python3 (with python3-pil etc.), not a pyenv/venv one
APP="$WORK/src/ark-ledger/bin/app.elf"
LAUNCHER="$WORK/src/speculos/speculos/resources/launcher"
if [[ "${1:-}" != "--force" && -f "$WORK/.built" && -f "$APP" && -f "$LAUNCHER" ]]; then
  echo "emulator already built in $WORK"; exit 0
fi
T0=$(date +%s); step() { echo "=== [$(($(date +%s) - T0))s] $*"; }
rm -rf "$WORK"; mkdir -p "$WORK/src" "$WORK/deps/lib" "$WORK/deps/include"; cd "$WORK"

step "apt: toolchain + python deps"
if ! (command -v arm-none-eabi-gcc && command -v arm-linux-gnueabihf-gcc && command -v clang && /usr/bin/python3 -c 'import flask_restful, construct, PIL, mnemonic, pydantic, elftools') >/dev/null 2>&1; then
  dpkg --add-architecture armhf # only so apt can *download* libssl-dev:armhf (nothing armhf is installed)
  apt-get update -qq || echo "WARN: apt-get update partly failed; continuing with the lists it got"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    make cmake gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi clang lld \
    gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user-static \
    python3 python3-pil python3-flask python3-flask-restful python3-flask-cors python3-jsonschema \
    python3-construct python3-pyelftools python3-mnemonic python3-requests python3-pydantic >/dev/null
fi
dpkg --print-foreign-architectures | grep -q armhf || { dpkg --add-architecture armhf; apt-get update -qq || true; }
(cd "$WORK/deps" && apt-get download -qq libssl-dev:armhf && dpkg -x libssl-dev_*_armhf.deb x \
  && cp x/usr/lib/arm-linux-gnueabihf/libcrypto.a x/usr/lib/arm-linux-gnueabihf/libssl.a lib/ \
  && cp -r x/usr/include/openssl include/ && cp x/usr/include/arm-linux-gnueabihf/openssl/* include/openssl/)

step "unpack vendored sources"
for t in ark-ledger nanos-secure-sdk blst ledgered speculos; do tar -xzf "$VENDOR/$t.tar.gz" -C src; done

step "build ARK Ledger app (Nano S, SDK nanos-161)"
# SYSROOT: Debian's arm-none-eabi-gcc -print-sysroot is empty, so the SDK would fall back to host /usr/include
make -C src/ark-ledger -j"$JOBS" BOLOS_SDK="$WORK/src/nanos-secure-sdk" SYSROOT=/usr/lib/arm-none-eabi >build-app.log 2>&1 \
  || { tail -30 build-app.log; exit 1; }

step "build blst for ARM (speculos dependency)"
(cd src/blst && sh build.sh CC=arm-linux-gnueabihf-gcc >../../build-blst.log 2>&1 && cp libblst.a ../../deps/lib/ \
  && cp bindings/blst.h bindings/blst_aux.h ../../deps/include/)

step "build speculos launcher (ARM, static) against Debian's OpenSSL 3.0 libcrypto.a"
arm-linux-gnueabihf-gcc -mthumb -O2 -c "$VENDOR/ed25519_shim.c" -o deps/ed25519_shim.o
arm-linux-gnueabihf-ar rcs deps/lib/libed25519shim.a deps/ed25519_shim.o
sed -i 's/"0\.0\.0\.0"/"127.0.0.1"/' src/speculos/speculos/main.py src/speculos/speculos/api/api.py # loopback only
(cd src/speculos && cmake -Bbuild -H. -DPRECOMPILED_DEPENDENCIES_DIR="$WORK/deps" -DBUILD_TESTING=OFF \
  -DCMAKE_C_FLAGS=-DOPENSSL_SUPPRESS_DEPRECATED \
  -DCMAKE_C_STANDARD_LIBRARIES="-L$WORK/deps/lib -led25519shim -lcrypto -lpthread" >../../build-speculos.log 2>&1 \
  && make -C build -j"$JOBS" >>../../build-speculos.log 2>&1) || { tail -30 build-speculos.log; exit 1; }
ls -la "$APP" "$LAUNCHER"
touch "$WORK/.built"
step "built in $WORK"
