#!/usr/bin/env bash
# `npm run test:interop`: starts a real ARK Core 3.9.1 testnet node (scripts/ark-core/run.sh: about 2.5 minutes the
# first time, seconds after), runs the suites of tests/interop against it, and stops it again (ARK_KEEP=1 leaves it
# running for the next run). Not part of `npm run check`: see docs/interop.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Under /var/tmp, not ~/.cache: PostgreSQL runs as user postgres, which cannot enter root's home.
export ARK_BASE="${ARK_BASE:-/var/tmp/ark-core-testnet}"
export ARK_API_PORT="${ARK_API_PORT:-14003}" ARK_P2P_PORT="${ARK_P2P_PORT:-14000}" ARK_PG_PORT="${ARK_PG_PORT:-15432}"
# The suites read far more than core-api's 100 requests a minute per IP allow.
export ARK_NO_RATE_LIMIT=1
export ARK_URL="http://127.0.0.1:$ARK_API_PORT"

started=0
if curl -fsS -m 2 "$ARK_URL/api/node/status" > /dev/null 2>&1; then
  echo "ARK Core answers at $ARK_URL: using it"
else
  bash scripts/ark-core/run.sh
  started=1
fi
stop() { if [ "$started" = 1 ] && [ "${ARK_KEEP:-0}" != 1 ]; then bash scripts/ark-core/stop.sh; fi; }
trap stop EXIT

# The suites (client, wallet services, monitor, API shapes), then the follower and the app's own node on the chain
# they filled (every transaction type the wallet suite sent), then the browser journey on the built renderer.
if [ "$#" -gt 0 ]; then
  npx vitest run --config vitest.interop.config.ts "$@"
else
  # v1era.interop.ts needs a node started with ARK_AIP11_HEIGHT (its own chain): run it by name (README).
  npx vitest run --config vitest.interop.config.ts --exclude tests/interop/follow.interop.ts \
    --exclude tests/interop/own-node.interop.ts --exclude tests/interop/v1era.interop.ts
  npx vitest run --config vitest.interop.config.ts tests/interop/follow.interop.ts tests/interop/own-node.interop.ts
  npm run build
  npx playwright test --config playwright.interop.config.ts
fi
