package spac

import _ "embed"

// Version is the API release (CHANGELOG.md is the source of the release notes).
const Version = "1.0.0"

// Changelog is CHANGELOG.md, served as JSON by GET /v1/changelog.
//
//go:embed CHANGELOG.md
var Changelog []byte
