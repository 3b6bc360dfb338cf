package textutil

import "embed"

// Code is this package's source. The extractor's version is derived from it (extract.Version),
// so that any change to how facts are read marks the facts stored before it as stale.
//
//go:embed *.go
var Code embed.FS
