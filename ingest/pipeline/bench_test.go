package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/pipeline"
)

// bigCorpusSPACs is the size of the generated corpus of the *2000 benchmarks.
const bigCorpusSPACs = 2000

// corpusFile is one filing of the fixture corpus, loaded into memory.
type corpusFile struct {
	name string
	data []byte
}

// loadCorpus reads every filing of the fixture corpus and returns them with their total size.
func loadCorpus(b *testing.B) ([]corpusFile, int64) {
	b.Helper()
	var files []corpusFile
	var size int64
	for _, name := range corpusFiles(b) {
		data, err := fs.ReadFile(fixtures.Corpus, name)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, corpusFile{name, data})
		size += int64(len(data))
	}
	return files, size
}

// reportDocsPerSec reports how many documents per second the timed loop processed.
func reportDocsPerSec(b *testing.B, docs int) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(docs*b.N)/s, "docs/s")
	}
}

// BenchmarkRenderExtract reads (SGML, render, iXBRL) and extracts every file of the fixture
// corpus per iteration: the CPU part of an ingest, without the store and the index.
func BenchmarkRenderExtract(b *testing.B) {
	files, size := loadCorpus(b)
	b.SetBytes(size)
	b.ReportAllocs()
	facts := 0
	for b.Loop() {
		facts = 0
		for _, f := range files {
			r, err := ingest.ReadBytes(f.name, f.data)
			if err != nil {
				b.Fatal(err)
			}
			facts += len(extract.Facts(r))
		}
	}
	reportDocsPerSec(b, len(files))
	b.ReportMetric(float64(facts), "facts/op")
}

// BenchmarkExtract extracts every file of the fixture corpus per iteration, the files read
// (SGML, render, iXBRL) once before the timer: the rule engine's own cost (document model,
// entities, rules, tables), in MB/s of filing bytes against BenchmarkTokenizerBaseline.
func BenchmarkExtract(b *testing.B) {
	files, size := loadCorpus(b)
	var read []*spac.RenderedFiling
	for _, f := range files {
		r, err := ingest.ReadBytes(f.name, f.data)
		if err != nil {
			b.Fatal(err)
		}
		read = append(read, r)
	}
	extract.Facts(read[0]) // the rule book is compiled once per process, not per iteration
	b.SetBytes(size)
	b.ReportAllocs()
	facts := 0
	for b.Loop() {
		facts = 0
		for _, r := range read {
			facts += len(extract.Facts(r))
		}
	}
	reportDocsPerSec(b, len(files))
	b.ReportMetric(float64(facts), "facts/op")
}

// BenchmarkTokenizerBaseline only runs the golang.org/x/net/html tokenizer over the same
// bytes: the floor any HTML-reading pipeline pays, to compare BenchmarkRenderExtract with.
func BenchmarkTokenizerBaseline(b *testing.B) {
	files, size := loadCorpus(b)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			z := html.NewTokenizer(bytes.NewReader(f.data))
			for z.Next() != html.ErrorToken {
			}
			if z.Err() != io.EOF {
				b.Fatal(z.Err())
			}
		}
	}
	reportDocsPerSec(b, len(files))
}

// generateBigCorpus writes a bigCorpusSPACs corpus into a temporary directory and returns the
// directory and its total filing size.
func generateBigCorpus(b *testing.B) (string, int64) {
	b.Helper()
	if testing.Short() {
		b.Skip("generates and ingests a 2,000-SPAC corpus; skipped with -short")
	}
	dir := b.TempDir()
	if _, err := gen.Generate(dir, gen.Options{SPACs: bigCorpusSPACs}); err != nil {
		b.Fatalf("generate: %v", err)
	}
	var size int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".txt" {
			info, ierr := d.Info()
			if ierr != nil {
				return ierr
			}
			size += info.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return dir, size
}

// ingestDir ingests a corpus directory into a pipeline, failing on any run or document error.
func ingestDir(b *testing.B, p *pipeline.Pipeline, dir string) pipeline.Summary {
	b.Helper()
	sum, err := p.IngestFS(context.Background(), os.DirFS(dir), ".")
	if err != nil {
		b.Fatalf("ingest: %v", err)
	}
	if len(sum.Errors) > 0 {
		b.Fatalf("ingest: %d documents skipped, first: %+v", len(sum.Errors), sum.Errors[0])
	}
	return sum
}

// BenchmarkIngest2000 times a full ingest (read, extract, store, fold, index) of a generated
// 2,000-SPAC corpus into a fresh on-disk store and index per iteration. Run with -benchtime 1x.
func BenchmarkIngest2000(b *testing.B) {
	dir, size := generateBigCorpus(b)
	b.SetBytes(size)
	files := 0
	for b.Loop() {
		b.StopTimer()
		data := b.TempDir()
		e := openEnv(b, filepath.Join(data, "kv"), filepath.Join(data, "index"))
		b.StartTimer()
		sum := ingestDir(b, e.p, dir)
		files = sum.Files
		if sum.SPACs != bigCorpusSPACs {
			b.Fatalf("ingest folded %d SPACs, want %d", sum.SPACs, bigCorpusSPACs)
		}
	}
	reportDocsPerSec(b, files)
	b.ReportMetric(float64(bigCorpusSPACs*b.N)/b.Elapsed().Seconds(), "SPACs/s")
}

// BenchmarkRebuild2000 ingests a generated 2,000-SPAC corpus into an on-disk store and index
// once, then times Rebuild (drop the index, refold every SPAC, store profiles, index rows).
func BenchmarkRebuild2000(b *testing.B) {
	dir, _ := generateBigCorpus(b)
	data := b.TempDir()
	e := openEnv(b, filepath.Join(data, "kv"), filepath.Join(data, "index"))
	ingestDir(b, e.p, dir)
	ctx := context.Background()
	for b.Loop() {
		n, err := e.p.Rebuild(ctx)
		if err != nil {
			b.Fatalf("Rebuild: %v", err)
		}
		if n != bigCorpusSPACs {
			b.Fatalf("Rebuild refolded %d SPACs, want %d", n, bigCorpusSPACs)
		}
	}
	b.ReportMetric(float64(bigCorpusSPACs*b.N)/b.Elapsed().Seconds(), "SPACs/s")
	if n, err := e.index.Count(ctx); err != nil || n != bigCorpusSPACs {
		b.Fatalf("index Count after Rebuild = %d, %v; want %d", n, err, bigCorpusSPACs)
	}
}

// oneLineDocument builds a full submission whose only document is one line of plain text of
// about size bytes: the prose of the fixture corpus's filings, joined and repeated.
func oneLineDocument(b *testing.B, size int) []byte {
	b.Helper()
	files, _ := loadCorpus(b)
	var prose strings.Builder
	for _, f := range files {
		r, err := ingest.ReadBytes(f.name, f.data)
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range r.Filing.Documents {
			for n := d.FirstLine + 1; n <= d.LastLine && !d.Binary; n++ {
				prose.WriteString(r.Line(n))
				prose.WriteByte(' ')
			}
		}
	}
	text := strings.Repeat(prose.String(), size/prose.Len()+1)[:size]
	head := "<SEC-DOCUMENT>0009900099-25-000001.txt : 20250310\n<SEC-HEADER>0009900099-25-000001.hdr.sgml : 20250310\n" +
		"ACCESSION NUMBER:\t\t0009900099-25-000001\nCONFORMED SUBMISSION TYPE:\t8-K\nPUBLIC DOCUMENT COUNT:\t\t1\n" +
		"ITEM INFORMATION:\t\tOther Events\nFILED AS OF DATE:\t\t20250310\n</SEC-HEADER>\n" +
		"<DOCUMENT>\n<TYPE>8-K\n<SEQUENCE>1\n<FILENAME>doc.txt\n<TEXT>\n"
	return []byte(head + text + "\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n")
}

// BenchmarkOneLineDocument reads and extracts a one-line document of 5 MB and of 50 MB: the
// time should grow linearly with the size. peak-heap-MB is the largest live heap sampled
// while the run goes (every 5 ms), against the input's size.
func BenchmarkOneLineDocument(b *testing.B) {
	for _, mb := range []int{5, 50} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			if testing.Short() && mb > 5 {
				b.Skip("50 MB document skipped with -short")
			}
			data := oneLineDocument(b, mb<<20)
			b.SetBytes(int64(len(data)))
			runtime.GC()
			peak := samplePeakHeap()
			for b.Loop() {
				r, err := ingest.ReadBytes("oneline.txt", data)
				if err != nil {
					b.Fatal(err)
				}
				extract.Facts(r)
			}
			b.ReportMetric(float64(peak()>>20), "peak-heap-MB")
		})
	}
}

// samplePeakHeap samples the live heap every 5 ms until the returned function is called,
// which returns the largest sample.
func samplePeakHeap() func() uint64 {
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(stop)
		<-done
		return peak.Load()
	}
}
