package natsjs_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/kv"
	"github.com/spacdata/spac/natsjs"
)

// filing is a rendered filing of n distinct lines (a text that compresses little, so its
// copy spans several object chunks when n is large).
func filing(acc string, cik spac.CIK, n int, stamp string) *spac.RenderedFiling {
	r := &spac.RenderedFiling{Filing: spac.Filing{
		Accession: acc, Form: "10-K", FiledAt: "2026-01-02", CIK: cik, CompanyName: "S Acquisition Corp",
		LineCount: n, RenderVersion: spac.RenderVersion, ExtractVersion: stamp,
		Documents: []spac.Document{{Type: "10-K", Sequence: 1, Filename: "k.htm", FirstLine: 1, LastLine: n}},
	}}
	for i := 1; i <= n; i++ {
		r.Lines = append(r.Lines, fmt.Sprintf("line %d of %s: %x", i, acc, i*2654435761))
	}
	return r
}

func putFiling(t *testing.T, db *kv.DB, r *spac.RenderedFiling) {
	t.Helper()
	facts := []spac.Fact{{CIK: r.Filing.CIK, Field: spac.FieldName, Value: "S", Citation: spac.Citation{Field: spac.FieldName, Accession: r.Filing.Accession, Line: 1}}}
	if _, err := db.PutFiling(context.Background(), r, facts); err != nil {
		t.Fatal(err)
	}
}

// TestReplicasHoldTheWritersFilings: filings the writer stores reach a replica through the
// object store, whole (a text of several MB included) and byte for byte; a filing replaced by
// a shorter text, and one restamped by a newer extractor, are replaced on the replica too, and
// every line the replica serves is the writer's.
func TestReplicasHoldTheWritersFilings(t *testing.T) {
	srv, ctx, conn := streamServer(t)
	writer := openNode(t, "", true)
	writer.run(natsjs.NewPublisher(conn, writer.db, nil).Run)
	const big, small = "0009999999-26-000001", "0009999999-26-000002"
	putFiling(t, writer.db, filing(big, "0001800001", 60000, "v1"))
	putFiling(t, writer.db, filing(small, "0001800002", 40, "v1"))
	r := openNode(t, "", false)
	startReplica(t, srv.URL(), r)
	converge(t, ctx, writer, r)

	putFiling(t, writer.db, filing(big, "0001800001", 700, "v1"))
	putFiling(t, writer.db, filing(small, "0001800002", 40, "v2"))
	converge(t, ctx, writer, r)
	for _, acc := range []string{big, small} {
		want, err := writer.db.Lines(ctx, acc, 1, 1e6)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.db.Lines(ctx, acc, 1, 1e6)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s: the replica serves %d lines (%v), the writer %d", acc, len(got), err, len(want))
		}
		if f, err := r.db.Filing(ctx, acc); err != nil || f.ExtractVersion != "v"+map[string]string{big: "1", small: "2"}[acc] {
			t.Fatalf("%s on the replica: %+v, %v", acc, f, err)
		}
	}
}
