// Package storetest is test support: what a data directory serves, as a map that two runs can
// be compared by (an interrupted ingest or backfill against an uninterrupted one).
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// Store is the part of kv.DB a snapshot reads.
type Store interface {
	EachKV(ctx context.Context, prefix string, fn func(key string, value []byte) error) error
	EachCIK(ctx context.Context, fn func(spac.CIK) error) error
	FilingsOf(ctx context.Context, cik spac.CIK) ([]spac.Filing, error)
}

// Index is the part of index.Index a snapshot reads.
type Index interface {
	Universe(ctx context.Context, q spac.UniverseQuery) (spac.UniversePage, error)
}

// servedPrefixes are the stored records a snapshot holds: profiles, calendar events, the
// ticker map, facts and each company's filing list (kv/doc.go).
var servedPrefixes = []string{"p/", "e/", "s/", "x/", "c/"}

// Served is what db and idx serve: the stored records, filings (without the source they were
// read from, which names a path) and the index's universe rows, keyed for comparison.
func Served(t testing.TB, db Store, idx Index) map[string]string {
	t.Helper()
	ctx := context.Background()
	snap := map[string]string{}
	for _, prefix := range servedPrefixes {
		if err := db.EachKV(ctx, prefix, func(k string, v []byte) error { snap[k] = string(v); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	err := db.EachCIK(ctx, func(cik spac.CIK) error {
		filings, err := db.FilingsOf(ctx, cik)
		for _, f := range filings {
			f.Source = ""
			b, _ := json.Marshal(f)
			snap["filing/"+f.Accession] = string(b)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	page, err := idx.Universe(ctx, spac.UniverseQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range page.Rows {
		b, _ := json.Marshal(r)
		snap["row/"+string(r.CIK)] = string(b)
	}
	return snap
}

// Diff describes how got differs from want (a few keys), "" when equal.
func Diff(got, want map[string]string) string {
	var diffs []string
	for k, w := range want {
		if g, ok := got[k]; !ok {
			diffs = append(diffs, "missing "+k)
		} else if g != w {
			diffs = append(diffs, "differs "+k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			diffs = append(diffs, "extra "+k)
		}
	}
	sort.Strings(diffs)
	if len(diffs) > 8 {
		diffs = append(diffs[:8], fmt.Sprintf("... %d more", len(diffs)-8))
	}
	return strings.Join(diffs, "; ")
}
