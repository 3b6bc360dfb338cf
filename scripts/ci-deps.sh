#!/usr/bin/env bash
# Installs what the tests need beyond Go, from Debian's packages; idempotent, installs only
# what is missing:
#   curl and bash   for ../shared/tools/contract-smoke.sh, which the end-to-end test runs;
#   chromium        (and chromium-driver) for the explorer's browser test (cmd/spacd,
#                   TestExplorerInBrowser, driven by chromedp), which CI requires
#                   (SPAC_REQUIRE_BROWSER=1 in .ci/run).
set -euo pipefail
missing=()
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
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
