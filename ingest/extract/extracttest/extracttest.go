// Package extracttest builds small hand-written RenderedFilings for extractor tests and
// checks the citation invariant every extractor must keep.
package extracttest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
	"github.com/spacdata/spac/ingest/sgml"
)

// CIK is the CIK of every filing built here.
const CIK = spac.CIK("0009900099")

// Filing builds a filing of form whose canonical text is a realistic SGML header followed
// by one document holding body (one string per canonical line).
func Filing(form string, items []string, body ...string) *spac.RenderedFiling {
	typ := form
	lines := []string{
		"<SEC-DOCUMENT>0009900099-25-000001.txt : 20250310",
		"<SEC-HEADER>0009900099-25-000001.hdr.sgml : 20250310",
		"ACCESSION NUMBER:\t\t0009900099-25-000001",
		"CONFORMED SUBMISSION TYPE:\t" + form,
		"FILED AS OF DATE:\t\t20250310",
		"FILER:",
		"\tCOMPANY DATA:",
		"\t\tCOMPANY CONFORMED NAME:\t\t\tMaple Ridge Acquisition Corp",
		"\t\tCENTRAL INDEX KEY:\t\t\t" + string(CIK),
		"\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tBLANK CHECKS [6770]",
		"\t\tSTATE OF INCORPORATION:\t\t\tE9",
		"</SEC-HEADER>",
		fmt.Sprintf("<DOCUMENT> TYPE=%s SEQUENCE=1 FILENAME=doc.htm", typ),
	}
	first := len(lines)
	lines = append(lines, body...)
	r := &spac.RenderedFiling{
		Filing: spac.Filing{
			Accession: "0009900099-25-000001", Form: form, FiledAt: "2025-03-10", CIK: CIK, CompanyName: "Maple Ridge Acquisition Corp",
			Items: items, LineCount: len(lines), RenderVersion: spac.RenderVersion,
			Documents: []spac.Document{{Type: typ, Sequence: 1, Filename: "doc.htm", FirstLine: first, LastLine: len(lines)}},
		},
		Lines: lines,
	}
	Reheader(r)
	return r
}

// Reheader sets r.Header from the header lines at the top of r.Lines, as the reader parses
// them (call it again after changing those lines).
func Reheader(r *spac.RenderedFiling) {
	end := 0
	for end < len(r.Lines) && !strings.HasPrefix(r.Lines[end], "</SEC-HEADER>") {
		end++
	}
	if end == len(r.Lines) {
		end = 0
	}
	r.Header = nil
	for _, f := range sgml.ParseHeader(r.Lines[:end]).Fields {
		r.Header = append(r.Header, spac.HeaderField{Key: f.Key, Value: f.Value, Line: f.Index + 1, Company: f.Company, Role: f.Role})
	}
}

// Values maps each field to its values in emission order.
func Values(facts []spac.Fact) map[string][]string {
	out := map[string][]string{}
	for _, f := range facts {
		out[f.Field] = append(out[f.Field], f.Value)
	}
	return out
}

// Expect checks that field has exactly the values want (none when want is empty).
func Expect(t *testing.T, facts []spac.Fact, want map[string][]string) {
	t.Helper()
	got := Values(facts)
	for field, w := range want {
		if strings.Join(got[field], "|") != strings.Join(w, "|") {
			t.Errorf("%s = %q, want %q", field, got[field], w)
		}
	}
}

// CheckCited asserts the citation invariant: the cited line holds the quote, the quote
// parses to the value for typed fields, and the fact carries the filing's identity.
func CheckCited(t *testing.T, r *spac.RenderedFiling, facts []spac.Fact) {
	t.Helper()
	for _, f := range facts {
		c := f.Citation
		if c.Quote == "" || !strings.Contains(r.Line(c.Line), c.Quote) {
			t.Errorf("%s: line %d %q does not hold quote %q", f.Field, c.Line, r.Line(c.Line), c.Quote)
		}
		if f.CIK != r.Filing.CIK || c.Field != f.Field || c.Accession != r.Filing.Accession {
			t.Errorf("%s: bad identity %+v", f.Field, f)
		}
		if parse := Parser(f.Field); parse != nil && !Reproduces(r, c.Line, c.Quote, f.Value, parse) {
			v, _ := parse(c.Quote)
			t.Errorf("%s: quote %q parses to %q, value %q", f.Field, c.Quote, v, f.Value)
		}
	}
}

// Reproduces reports whether a quote gives the value: by itself, or (a value written across a
// line break, "August" / "20, 2021") joined with the words that continue it on the next line
// or begin it on the previous one.
func Reproduces(r *spac.RenderedFiling, line int, quote, value string, parse func(string) (string, bool)) bool {
	if v, ok := parse(quote); ok && v == value {
		return true
	}
	text := r.Line(line)
	next, prev := strings.Fields(r.Line(line+1)), strings.Fields(r.Line(line-1))
	gives := func(s string) bool {
		v, ok := parse(strings.TrimRight(s, ",.;:)"))
		return ok && v == value
	}
	for k := 1; k <= 3; k++ {
		if strings.HasSuffix(text, quote) && k <= len(next) && gives(quote+" "+strings.Join(next[:k], " ")) {
			return true
		}
		if strings.HasPrefix(text, quote) && k <= len(prev) && gives(strings.Join(prev[len(prev)-k:], " ")+" "+quote) {
			return true
		}
	}
	return false
}

// Parser returns the parser that turns a field's quote into its value: the one of the field's
// value kind (spac.FieldKind), except for durations written in months or days and for the
// exchange, whose quotes have wordings of their own; nil for text.
func Parser(field string) func(string) (string, bool) {
	switch field {
	case spac.FieldDeadlineMonths, spac.FieldLockupMonths:
		return textutil.ParseMonths
	case spac.FieldLockupDays:
		return textutil.ParseDays
	case spac.FieldExchange:
		return textutil.ExchangeName
	}
	return kindParsers[spac.FieldKind(field)]
}

// kindParsers read a quote as a value of each kind but text.
var kindParsers = map[spac.ValueKind]func(string) (string, bool){
	spac.KindMoney: textutil.ParseMoney, spac.KindPrice: textutil.ParsePrice,
	spac.KindInt: textutil.ParseInt, spac.KindDate: textutil.ParseDate,
}
