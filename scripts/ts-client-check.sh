#!/usr/bin/env bash
# Generates the TypeScript client from the OpenAPI document (api/testdata/openapi.json, which
# api's TestOpenAPIGolden holds equal to what the server publishes) with openapi-typescript,
# and type-checks clients/ts/calls.ts - every operation called the way openapi-fetch users
# write it - with tsc --strict. Any type error fails. Needs scripts/ci-deps.sh first (node,
# npm and clients/ts/node_modules). The generated clients/ts/schema.d.ts is not committed.
set -euo pipefail
cd "$(dirname "$0")/../clients/ts"
bin=node_modules/.bin
"$bin/openapi-typescript" ../../api/testdata/openapi.json --output schema.d.ts --silent
"$bin/tsc" --project tsconfig.json
echo "TypeScript client: $(grep -cE '^\s+"?/v1/' schema.d.ts) paths, calls.ts compiles (tsc --strict)"
