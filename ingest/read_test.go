package ingest

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

const learnCWFile = "LearnCW_S-1_0001140361-21-010426.txt"

// realdataDir is ../shared/realdata seen from the repository root; skips when missing.
func realdataDir(t testing.TB) string {
	dir := filepath.Join("..", "..", "shared", "realdata")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real data not available at %s: %v", dir, err)
	}
	return dir
}

func learnCWPath(t testing.TB) string {
	return filepath.Join(realdataDir(t), "full_submission_txt", learnCWFile)
}

// findLine returns the 1-based canonical line containing s, or 0.
func findLine(rf *spac.RenderedFiling, s string) int {
	for i, l := range rf.Lines {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	return 0
}

func TestReadLearnCW(t *testing.T) {
	rf, err := Read(learnCWPath(t))
	if err != nil {
		t.Fatal(err)
	}
	f := rf.Filing
	if f.Accession != "0001140361-21-010426" || f.Form != "S-1" || f.FiledAt != "2021-03-29" ||
		f.CIK != "0001847577" || f.CompanyName != "Learn CW Investment Corp" || f.SIC != "" {
		t.Errorf("filing header = %+v", f)
	}
	if f.RenderVersion != spac.RenderVersion || f.LineCount != len(rf.Lines) || f.Source != learnCWPath(t) {
		t.Errorf("render version %d, line count %d/%d, source %q", f.RenderVersion, f.LineCount, len(rf.Lines), f.Source)
	}
	if rf.Lines[0] != "<SEC-DOCUMENT>0001140361-21-010426.txt : 20210329" || rf.Lines[3] != "ACCESSION NUMBER:\t\t0001140361-21-010426" {
		t.Errorf("header lines %q, %q", rf.Lines[0], rf.Lines[3])
	}
	checkDocuments(t, rf)
	for _, quote := range []string{
		"$250,000,000", "25,000,000 units, at $10.00 per unit", "one-third of one redeemable warrant",
		"exercise price of $11.50", "CWAM LC Sponsor LLC", "within 24 months",
	} {
		n := findLine(rf, quote)
		if n == 0 {
			t.Errorf("no canonical line contains %q", quote)
			continue
		}
		d, _ := f.DocumentAt(n)
		c := rf.Cite("test", n, quote)
		t.Logf("%-40q line %d (%s): %.140s", quote, n, d.Filename, c.Excerpt)
		if d.Type != "S-1" || c.Document != "nt10022269x1_s1.htm" {
			t.Errorf("%q found in %s, want the S-1 document", quote, d.Filename)
		}
	}
	for i, l := range rf.Lines {
		if l == "" || l != strings.TrimRight(l, " \t") {
			t.Fatalf("line %d not canonical: %q", i+1, l)
		}
	}
}

func checkDocuments(t *testing.T, rf *spac.RenderedFiling) {
	t.Helper()
	want := []struct{ typ, file string }{
		{"S-1", "nt10022269x1_s1.htm"}, {"EX-3.1", "nt10022269x1_ex3-1.htm"},
		{"EX-10.2", "nt10022269x1_ex10-2.htm"}, {"EX-10.8", "nt10022269x1_ex10-8.htm"},
		{"EX-23.1", "nt10022269x1_ex23-1.htm"}, {"GRAPHIC", "nt10022269x1ex3-1_image01.jpg"},
		{"GRAPHIC", "nt10022269x1ex3-1_image02.jpg"},
	}
	docs := rf.Filing.Documents
	if len(docs) != len(want) {
		t.Fatalf("%d documents, want %d", len(docs), len(want))
	}
	prev := 0
	for i, w := range want {
		d := docs[i]
		if d.Type != w.typ || d.Filename != w.file || d.Sequence != i+1 || d.Binary != (w.typ == "GRAPHIC") {
			t.Errorf("document %d = %+v, want %+v", i+1, d, w)
		}
		if d.FirstLine != prev+1 && i > 0 || d.LastLine < d.FirstLine {
			t.Errorf("document %d range %d..%d after %d", i+1, d.FirstLine, d.LastLine, prev)
		}
		if got := rf.Line(d.FirstLine); got != MarkerLine(d) {
			t.Errorf("marker line %q", got)
		}
		prev = d.LastLine
	}
	g := docs[5]
	if g.LastLine != g.FirstLine+1 || rf.Line(g.LastLine) != "[binary GRAPHIC omitted: nt10022269x1ex3-1_image01.jpg]" {
		t.Errorf("GRAPHIC rendered as %q", rf.Lines[g.FirstLine:g.LastLine])
	}
	if prev != len(rf.Lines) {
		t.Errorf("last document ends at %d of %d lines", prev, len(rf.Lines))
	}
}

func TestReadDeterministic(t *testing.T) {
	data, err := os.ReadFile(learnCWPath(t))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ReadBytes("a", data)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ReadBytes("a", data)
	if strings.Join(a.Lines, "\n") != strings.Join(b.Lines, "\n") {
		t.Error("two reads of the same input rendered differently")
	}
}

const tinySubmission = "<SEC-DOCUMENT>0000000001-24-000001.txt : 20240105\n<SEC-HEADER>0000000001-24-000001.hdr.sgml : 20240105\n" +
	"ACCESSION NUMBER:\t\t0000000001-24-000001\nCONFORMED SUBMISSION TYPE:\t10-Q\nFILED AS OF DATE:\t\t20240105\n\nFILER:\n" +
	"\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME:\t\t\tTiny Acquisition Corp\n\t\tCENTRAL INDEX KEY:\t\t\t0000000001\n</SEC-HEADER>\n" +
	"<DOCUMENT>\n<TYPE>10-Q\n<SEQUENCE>1\n<FILENAME>tiny.htm\n<TEXT>\n" +
	`<html><body><div style="display:none"><ix:header><ix:resources><xbrli:context id="c"><xbrli:period><xbrli:instant>2023-12-31</xbrli:instant></xbrli:period></xbrli:context></ix:resources></ix:header></div>` +
	`<p>Caf` + "\xe9" + ` trust</p><table><tr><td>Trust Account</td><td>$</td><td><ix:nonFraction name="us-gaap:AssetsHeldInTrustNoncurrent" contextRef="c" unitRef="u" scale="0">251,234,567</ix:nonFraction></td></tr></table></body></html>` +
	"\n</TEXT>\n</DOCUMENT>\n<DOCUMENT>\n<TYPE>EX-99.1\n<SEQUENCE>2\n<FILENAME>ex99.txt\n<TEXT>\n  Press release\n\n  line two  \n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n"

func TestReadFactLinesAndEncoding(t *testing.T) {
	rf, err := ReadBytes("tiny.txt", []byte(tinySubmission))
	if err != nil {
		t.Fatal(err)
	}
	if n := findLine(rf, "Café trust"); n == 0 {
		t.Errorf("Windows-1252 byte not decoded: %q", rf.Lines)
	}
	if len(rf.XBRL) != 1 {
		t.Fatalf("facts = %+v", rf.XBRL)
	}
	x := rf.XBRL[0]
	if x.Value != "251234567" || x.Period != "2023-12-31" || x.Document != "tiny.htm" {
		t.Errorf("fact = %+v", x)
	}
	if line := rf.Line(x.Line); line != "Trust Account | $251,234,567" || !strings.Contains(line, x.Raw) {
		t.Errorf("fact line %d = %q", x.Line, line)
	}
	last := rf.Filing.Documents[1]
	if got := rf.Lines[last.FirstLine-1 : last.LastLine]; strings.Join(got, "|") != "<DOCUMENT> TYPE=EX-99.1 SEQUENCE=2 FILENAME=ex99.txt|Press release|line two" {
		t.Errorf("plain document = %q", got)
	}
}

func TestReadHTMLWithSidecar(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ex99.htm")
	os.WriteFile(path, []byte("<html><body><p>Closing of $250,000,000 IPO</p></body></html>"), 0o644)
	os.WriteFile(path+".json", []byte(`{"accession":"0000000002-25-000001","form":"8-K","filedAt":"2025-04-03","cik":"2050000","companyName":"Soul Corp","items":["8.01","9.01"]}`), 0o644)
	rf, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	f := rf.Filing
	if f.CIK != "0002050000" || f.Form != "8-K" || !f.HasItem("8.01") || len(f.Documents) != 1 || f.Documents[0].Filename != "ex99.htm" {
		t.Errorf("filing = %+v", f)
	}
	n := findLine(rf, "$250,000,000")
	if n != f.Documents[0].FirstLine+1 || rf.Lines[0] != "<SEC-HEADER>" {
		t.Errorf("lines = %q", rf.Lines)
	}
	if _, err := ReadBytes("x.htm", []byte("<html><p>x</p></html>")); ReadReason(err) != ReasonMissingSidecar {
		t.Errorf("ReadBytes of bare HTML: %v", err)
	}
	os.Remove(path + ".json")
	if _, err := Read(path); ReadReason(err) != ReasonMissingSidecar {
		t.Errorf("Read without sidecar: %v", err)
	}
}

func TestReadMalformed(t *testing.T) {
	full := tinySubmission
	junk := bytes.Repeat([]byte{0, 0xff, 0, 0x13, 0x37, 0}, 1000)
	cases := map[string]struct {
		data   string
		reason string
	}{
		"truncated header":   {full[:strings.Index(full, "</SEC-HEADER>")], ReasonTruncated},
		"truncated document": {full[:strings.Index(full, "</DOCUMENT>")], ReasonTruncated},
		"cut mid-body":       {full[:len(full)/2], ReasonTruncated},
		"binary junk":        {string(junk), ReasonBinary},
		"plain junk":         {"hello, this is not a filing", ReasonUnsupported},
		"empty":              {"", ReasonUnsupported},
	}
	for name, c := range cases {
		_, err := ReadBytes(name, []byte(c.data))
		var re *ReadError
		if !errors.As(err, &re) || re.Reason != c.reason {
			t.Errorf("%s: err = %v, want reason %s", name, err, c.reason)
		}
	}
	// Broken HTML inside a valid envelope still reads.
	broken := strings.Replace(full, "<p>Caf", "<table><tr><td><p>Caf<<div </b></tr>", 1)
	if _, err := ReadBytes("broken", []byte(broken)); err != nil {
		t.Errorf("broken HTML: %v", err)
	}
}

func TestReadOversize(t *testing.T) {
	small := FilingReader{MaxBytes: 100}
	if _, err := small.ReadBytes("big", []byte(tinySubmission)); ReadReason(err) != ReasonTooLarge {
		t.Errorf("ReadBytes over limit: %v", err)
	}
	path := filepath.Join(t.TempDir(), "big.txt")
	os.WriteFile(path, []byte(tinySubmission), 0o644)
	if _, err := small.Read(path); ReadReason(err) != ReasonTooLarge {
		t.Errorf("Read over limit: %v", err)
	}
}

// TestReadLargeDocument renders a 50 MB HTML document within the default limit.
func TestReadLargeDocument(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("50 MB render skipped in -short and -race runs")
	}
	var body bytes.Buffer
	row := "<tr><td>Trust</td><td>$</td><td>250,000,000</td></tr>\n"
	body.WriteString("<html><body><table>\n")
	for body.Len() < 50<<20 {
		body.WriteString(row)
	}
	body.WriteString("</table></body></html>")
	doc := strings.Replace(tinySubmission, "<html><body>", body.String()+"<html><body>", 1)
	rf, err := ReadBytes("large", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("input %d MB, %d lines, live heap after read %d MB", len(doc)>>20, len(rf.Lines), ms.HeapAlloc>>20)
	if ms.HeapAlloc > uint64(6*len(doc)) {
		t.Errorf("live heap %d MB is more than 6x the %d MB input", ms.HeapAlloc>>20, len(doc)>>20)
	}
	rows := (body.Len() - 40) / len(row)
	if rf.Filing.LineCount < rows || rf.Line(rf.Filing.Documents[0].FirstLine+1) != "Trust | $250,000,000" {
		t.Errorf("large document rendered %d lines, want >= %d", rf.Filing.LineCount, rows)
	}
}

// oneDocument is tinySubmission's header around a single document.
func oneDocument(filename, body string) string {
	header := tinySubmission[:strings.Index(tinySubmission, "<DOCUMENT>")]
	return header + "<DOCUMENT>\n<TYPE>8-K\n<SEQUENCE>1\n<FILENAME>" + filename + "\n<TEXT>\n" + body +
		"\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n"
}

// longLine is n bytes of filing prose without a line break.
func longLine(n int) string {
	const prose = "The Sponsor deposited $0.10 per Class A ordinary share, or $1,234,567, into the Trust Account. "
	return strings.Repeat(prose, n/len(prose)+1)[:n]
}

func FuzzReadBytes(f *testing.F) {
	f.Add([]byte(tinySubmission))
	f.Add([]byte("<SEC-DOCUMENT>\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>GRAPHIC\n<TEXT>\nbegin 644 a.jpg\n</TEXT>\n</DOCUMENT>"))
	// One-line documents of 1 MB (HTML without a line break, text made from a PDF), generated
	// here rather than committed: long lines are where rendering and extraction went quadratic.
	f.Add([]byte(oneDocument("long.htm", "<html><body><p>"+longLine(1<<20)+"</p></body></html>")))
	f.Add([]byte(oneDocument("long.txt", longLine(1<<20))))
	f.Fuzz(func(t *testing.T, data []byte) {
		rf, err := ReadBytes("fuzz", data)
		if err != nil {
			if ReadReason(err) == ReasonInternal {
				t.Fatalf("internal error: %v", err)
			}
			return
		}
		// What reads is storable: the store keys on the accession and the filer's CIK.
		if acc := rf.Filing.Accession; acc != "" && !accessionRe.MatchString(acc) {
			t.Fatalf("accession %q read", acc)
		}
		for _, x := range rf.XBRL {
			if x.Line < 0 || x.Line > len(rf.Lines) {
				t.Fatalf("fact line %d out of %d", x.Line, len(rf.Lines))
			}
		}
	})
}

// A bare document's accession may come from its file name (how EDGAR's downloads are named).
func TestAccessionInName(t *testing.T) {
	for name, want := range map[string]string{
		"dir/17_VectorAcq_8-K_0001193125-21-252860.txt": "0001193125-21-252860",
		"0001193125-21-252860.htm":                      "0001193125-21-252860",
		"x10001193125-21-252860.txt":                    "", // eleven digits: not an accession
		"d12345.htm":                                    "",
	} {
		if got := AccessionInName(name); got != want {
			t.Errorf("AccessionInName(%q) = %q, want %q", name, got, want)
		}
	}
}
