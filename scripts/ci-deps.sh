#!/usr/bin/env bash
# Installs what the tests need beyond Go, from Debian's packages; idempotent, installs only
# what is missing:
#   curl and bash   for ../shared/tools/contract-smoke.sh, which the end-to-end test runs;
#   chromium        (and chromium-driver) for the explorer's browser test (cmd/spacd,
#                   TestExplorerInBrowser, driven by chromedp), which CI requires
#                   (SPAC_REQUIRE_BROWSER=1 in .ci/run);
#   nodejs and npm  for the TypeScript client check (scripts/ts-client-check.sh), whose npm
#                   packages (openapi-typescript, openapi-fetch, typescript: versions pinned in
#                   clients/ts/package-lock.json) npm ci installs into clients/ts/node_modules;
#   python3         for the Python client check (scripts/py-client-check.sh), which runs
#                   clients/python/calls.py (the client needs the standard library only) and
#                   pyright from npm (version pinned in clients/python/package-lock.json), which
#                   npm ci installs into clients/python/node_modules. PyPI is not reached.
set -euo pipefail
missing=()
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
# Chromium renders text with whatever fonts are installed; the page's font stack names
# DejaVu, so screenshots look the same on every machine.
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci reinstalls from scratch, so it runs only when the lock file changed since the last
# install (npm writes node_modules/.package-lock.json at each install).
for dir in clients/ts clients/python; do
  if [ ! -e "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "installing the npm packages of $dir"
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
  fi
done
