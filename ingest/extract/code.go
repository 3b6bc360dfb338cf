package extract

import "embed"

// code is this package's source (see Version).
//
//go:embed *.go
var code embed.FS
