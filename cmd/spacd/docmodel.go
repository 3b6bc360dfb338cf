package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// printDocModel writes the document model the extraction rules read (`spacd extract --doc`):
// the filing's class, each section with its kind, 8-K items and lines, and each sentence
// of the section with the lines it spans and its text with entities masked, as a rule's
// pattern sees it. It answers "why was nothing read here?" without a debugger.
func printDocModel(w io.Writer, r *spac.RenderedFiling) {
	d := doc.Build(r)
	fmt.Fprintf(w, "%s (class %s): %d sections, %d sentences\n", d.Form, d.Class, len(d.Sections), len(d.Sentences))
	var last *doc.Section
	for _, s := range d.Sentences {
		if s.Section != last {
			last = s.Section
			fmt.Fprintf(w, "\n== %s %s lines %d-%d items %s: %s\n", last.Document.Type, last.Kind,
				last.From, last.To, strings.Join(last.Items, ","), last.Title)
		}
		from, to := s.Lines()
		kind := "text"
		if s.Row > 0 {
			kind = "row"
		}
		fmt.Fprintf(w, "%5d-%-5d %-4s %s\n", from, to, kind, entity.Mask(s.Text).Text)
	}
}
