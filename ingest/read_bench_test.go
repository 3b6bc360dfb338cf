package ingest

import (
	"bytes"
	"io"
	"os"
	"testing"

	"golang.org/x/net/html"

	"github.com/spacdata/spac/ingest/sgml"
)

// learnCWHTML returns the LearnCW file and the total size of its HTML documents.
func learnCWHTML(b *testing.B) ([]byte, [][]byte, int64) {
	data, err := os.ReadFile(learnCWPath(b))
	if err != nil {
		b.Fatal(err)
	}
	sub, err := sgml.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	var docs [][]byte
	var size int64
	for _, d := range sub.Documents {
		if !d.Binary {
			docs = append(docs, d.Body)
			size += int64(len(d.Body))
		}
	}
	return data, docs, size
}

// BenchmarkRead measures the whole reader (SGML, render, iXBRL, assembly) over LearnCW.
// SetBytes counts only the HTML documents, so MB/s compares directly with the baseline.
func BenchmarkRead(b *testing.B) {
	data, _, size := learnCWHTML(b)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadBytes("learncw", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTokenizerBaseline only runs the raw x/net/html tokenizer over the same documents.
func BenchmarkTokenizerBaseline(b *testing.B) {
	_, docs, size := learnCWHTML(b)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			z := html.NewTokenizer(bytes.NewReader(d))
			for z.Next() != html.ErrorToken {
			}
			if z.Err() != io.EOF {
				b.Fatal(z.Err())
			}
		}
	}
}
