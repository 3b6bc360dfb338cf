package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

// The universe of 2,000 fake SPACs three ways, to compare in one run: the whole of it as one
// CSV or NDJSON export, and paging the JSON route through the same rows at limit=500.

func BenchmarkExportUniverseCSV(b *testing.B)    { benchExport(b, "/v1/universe?format=csv") }
func BenchmarkExportUniverseNDJSON(b *testing.B) { benchExport(b, "/v1/universe?format=ndjson") }

func benchExport(b *testing.B, target string) {
	h := New(newFixture(2000).deps).Handler()
	b.ReportAllocs()
	for b.Loop() {
		rec := doBench(h, target)
		if rec.Code != http.StatusOK || rec.Body.Len() < 2000*100 {
			b.Fatalf("status %d, %d bytes", rec.Code, rec.Body.Len())
		}
		b.SetBytes(int64(rec.Body.Len()))
	}
}

func BenchmarkPageUniverseJSON500(b *testing.B) {
	h := New(newFixture(2000).deps).Handler()
	b.ReportAllocs()
	for b.Loop() {
		rows, size, target := 0, 0, "/v1/universe?limit=500"
		for target != "" {
			rec := doBench(h, target)
			var pg struct {
				Count int     `json:"count"`
				Next  *string `json:"next"`
			}
			// only the page's tail, after its rows: the client's decoding is not the server's time
			body := rec.Body.Bytes()
			tail := body[bytes.LastIndex(body, []byte(`],"count":`))+1:]
			if rec.Code != http.StatusOK || json.Unmarshal(append([]byte{'{'}, tail[1:]...), &pg) != nil {
				b.Fatalf("%s: status %d", target, rec.Code)
			}
			rows, size, target = rows+pg.Count, size+rec.Body.Len(), ""
			if pg.Next != nil {
				target = "/v1/universe?limit=500&cursor=" + url.QueryEscape(*pg.Next)
			}
		}
		if rows != 2000 {
			b.Fatalf("paged %d rows", rows)
		}
		b.SetBytes(int64(size))
	}
}
