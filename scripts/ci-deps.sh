#!/usr/bin/env bash
# Installs what the tests need beyond Go: curl and bash for ../shared/tools/contract-smoke.sh,
# which the end-to-end test runs. Idempotent; installs only what is missing (Debian packages).
set -euo pipefail
missing=()
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
