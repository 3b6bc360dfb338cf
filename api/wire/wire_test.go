package wire

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// gunzip decompresses one gzip member with the standard library, which checks the CRC-32
// and the length in the trailer.
func gunzip(t testing.TB, z []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("gzip header: %v", err)
	}
	r.Multistream(false)
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	return out
}

func gzipOf(t testing.TB, b *Body) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := b.WriteGzip(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != b.GzipLen() {
		t.Fatalf("GzipLen %d, wrote %d bytes", b.GzipLen(), buf.Len())
	}
	return buf.Bytes()
}

func TestBodyAsIsAndGzip(t *testing.T) {
	row := NewChunk([]byte(`{"symbol":"AAA","citations":[{"field":"symbol","url":"https://www.sec.gov/Archives/a.txt"}]}`))
	var b Body
	b.WriteString(`{"rows":[`)
	b.Chunk(row)
	_ = b.WriteByte(',')
	b.Chunk(row)
	_, _ = b.Write([]byte(`],"count":2}`))
	want := `{"rows":[` + string(row.Bytes()) + `,` + string(row.Bytes()) + `],"count":2}`
	if got := string(b.Bytes()); got != want || b.Len() != len(want) {
		t.Fatalf("as is: %q (len %d)", got, b.Len())
	}
	var plain bytes.Buffer
	if _, err := b.WriteTo(&plain); err != nil || plain.String() != want {
		t.Fatalf("WriteTo: %q %v", plain.String(), err)
	}
	if got := string(gunzip(t, gzipOf(t, &b))); got != want {
		t.Fatalf("gzip round trip: %q", got)
	}
}

// TestGzipEdgeCases: empty bodies, empty chunks, literals longer than one stored block, and a
// chunk longer than DEFLATE's 32 KiB window.
func TestGzipEdgeCases(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 10000) // 160 KB
	cases := map[string]func(*Body){
		"empty":        func(*Body) {},
		"empty chunk":  func(b *Body) { b.Chunk(NewChunk(nil)) },
		"long literal": func(b *Body) { b.WriteString(big) },
		"long chunk":   func(b *Body) { b.Chunk(NewChunk([]byte(big))); b.WriteString("x") },
		"only literal": func(b *Body) { b.WriteString("hello") },
	}
	for name, build := range cases {
		var b Body
		build(&b)
		if got := gunzip(t, gzipOf(t, &b)); !bytes.Equal(got, b.Bytes()) {
			t.Errorf("%s: round trip differs (%d bytes, want %d)", name, len(got), b.Len())
		}
	}
}

// TestGzipRandomBodies splices random chunks and literals and checks each against the
// standard library's reader.
func TestGzipRandomBodies(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	words := []string{"accession", "0009901289-26-000004", `"field":"trust_size"`, "{", "}", ",", "\t", "é"}
	var chunks []*Chunk
	for range 20 {
		var sb strings.Builder
		for range rng.IntN(400) {
			sb.WriteString(words[rng.IntN(len(words))])
		}
		chunks = append(chunks, NewChunk([]byte(sb.String())))
	}
	for range 200 {
		var b Body
		for range rng.IntN(30) {
			if rng.IntN(2) == 0 {
				b.Chunk(chunks[rng.IntN(len(chunks))])
			} else {
				b.WriteString(words[rng.IntN(len(words))])
			}
		}
		if got := gunzip(t, gzipOf(t, &b)); !bytes.Equal(got, b.Bytes()) {
			t.Fatalf("round trip differs:\n got %q\nwant %q", got, b.Bytes())
		}
	}
}

// TestChunkCompressesOnce: a chunk's DEFLATE bytes are computed on first use and reused.
func TestChunkCompressesOnce(t *testing.T) {
	c := NewChunk([]byte(strings.Repeat(`{"field":"name","filing":"10-Q"}`, 100)))
	first := c.deflated()
	if len(first) == 0 || len(first) >= c.Len() {
		t.Fatalf("deflated %d bytes of %d", len(first), c.Len())
	}
	if second := c.deflated(); &second[0] != &first[0] {
		t.Error("compressed again")
	}
}

// BenchmarkGzipPage is a 50-row page of 7 KB rows written as gzip from cached chunks, next to
// compressing the same bytes per request (the baseline, same run).
func BenchmarkGzipPage(b *testing.B) {
	rows := make([]*Chunk, 50)
	for i := range rows {
		rows[i] = NewChunk([]byte(strings.Repeat(`{"field":"name","filing":"10-Q","accession":"0009901289-26-00000`+string(rune('0'+i%10))+`"},`, 90)))
	}
	var page Body
	page.WriteString(`{"rows":[`)
	for i, r := range rows {
		if i > 0 {
			page.WriteString(",")
		}
		page.Chunk(r)
	}
	page.WriteString(`]}`)
	b.Run("spliced", func(b *testing.B) {
		b.SetBytes(int64(page.Len()))
		for b.Loop() {
			_ = page.WriteGzip(io.Discard)
		}
	})
	b.Run("compressed per request", func(b *testing.B) {
		raw := page.Bytes()
		b.SetBytes(int64(len(raw)))
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		for b.Loop() {
			w.Reset(io.Discard)
			_, _ = w.Write(raw)
			_ = w.Close()
		}
	})
}

func TestCRCCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 100 {
		a, b := make([]byte, rng.IntN(5000)), make([]byte, rng.IntN(70000))
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		want := crc32.ChecksumIEEE(append(append([]byte{}, a...), b...))
		if got := crcCombine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), shiftOp(len(b))); got != want {
			t.Fatalf("len %d+%d: %08x, want %08x", len(a), len(b), got, want)
		}
	}
}
