package rules

import (
	"embed"
	"io/fs"
)

// The example corpora are part of the rule book (as a duckling dimension's corpus is): the
// tests run them, and the extractor's version is derived from what the book reads in them
// (see extract.Version), so that any change of behaviour they show changes the version.
//
//go:embed testdata/*.corpus
var corpora embed.FS

// Corpora returns the example corpora, one file per family (testdata/<family>.corpus).
func Corpora() fs.FS { return corpora }
