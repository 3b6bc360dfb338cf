package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/rules"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Version identifies what this binary's extraction derives: the renderer's version, the
// source code of every package that reads facts (this one, rules with its example corpora,
// rule, entity, doc, textutil) and every rule of the book as declared. Stored filings are
// stamped with the version that derived their facts; a filing stamped with another is stale
// and `spacd reextract` derives it again. Deriving it from the code means no one has to
// remember to raise a number when a rule changes; the price is that a change to a comment
// also marks every stored filing stale (re-extraction is cheap next to fetching EDGAR).
func Version() string { return Extractor{}.Version() }

var versions sync.Map // *rule.Book -> string

// codeTrees are the sources the version is derived from, by package.
var codeTrees = map[string]fs.FS{
	"extract": code, "rules": rules.Code, "rule": rule.Code, "entity": entity.Code,
	"doc": doc.Code, "textutil": textutil.Code, "corpora": rules.Corpora(),
}

// Version is the version of the extractor with e's book.
func (e Extractor) Version() string {
	b := e.book()
	if v, ok := versions.Load(b); ok {
		return v.(string)
	}
	h := sha256.New()
	fmt.Fprintf(h, "render %d\n", spac.RenderVersion)
	hashCode(h)
	for _, r := range b.Rules() {
		hashRule(h, r)
	}
	v := hex.EncodeToString(h.Sum(nil))[:16]
	versions.Store(b, v)
	return v
}

// hashCode writes every file of the code trees but tests, in a fixed order.
func hashCode(h hash.Hash) {
	pkgs := make([]string, 0, len(codeTrees))
	for p := range codeTrees {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		_ = fs.WalkDir(codeTrees[p], ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(name, "_test.go") {
				return err
			}
			data, err := fs.ReadFile(codeTrees[p], name)
			fmt.Fprintf(h, "file %s/%s %d %v\n", p, name, len(data), err)
			h.Write(data)
			return nil
		})
	}
}

// hashRule writes a rule's declaration: a book built at run time (a test's extra rule)
// differs from the code's even where the code is the same.
func hashRule(h hash.Hash, r *rule.Rule) {
	emit := make([]string, 0, len(r.Emit))
	for slot, field := range r.Emit {
		emit = append(emit, slot+"="+field)
	}
	sort.Strings(emit)
	fmt.Fprintf(h, "rule %q %q %q %q %q %q %q %q %v %v %v %v %v %v %d %q %q %v\n",
		r.ID, r.Pattern, r.Not, r.Never, r.Must, r.Within, r.Each, r.Value, emit, r.Gives,
		r.Classes, r.Docs, r.Items, r.Kinds, r.Priority, r.Period, r.NotKinds, r.Produce != nil)
}
