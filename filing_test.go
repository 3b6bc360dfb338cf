package spac

import (
	"strings"
	"testing"
)

func TestExcerptKeepsTheQuote(t *testing.T) {
	long := strings.Repeat("a", 500) + " exercise price of $11.50 " + strings.Repeat("b", 500)
	cases := []struct{ line, quote string }{
		{"  short line with $10.00  ", "$10.00"},
		{long, "$11.50"},
		{"$250,000,000 " + strings.Repeat("x", 900), "$250,000,000"},
		{strings.Repeat("y", 900) + " 24 months", "24 months"},
	}
	for _, c := range cases {
		got := Excerpt(c.line, c.quote)
		if !strings.Contains(got, c.quote) {
			t.Errorf("excerpt of %d-char line lost quote %q: %q", len(c.line), c.quote, got)
		}
		if n := len([]rune(strings.Trim(got, "…"))); n > excerptRunes {
			t.Errorf("excerpt has %d runes, want <= %d", n, excerptRunes)
		}
	}
	if got := Excerpt("  short line  ", "x"); got != "short line" {
		t.Errorf("short line: %q", got)
	}
}

func TestParseCIK(t *testing.T) {
	for in, want := range map[string]CIK{"1847577": "0001847577", "0001847577": "0001847577", "CIK0001847577": "0001847577"} {
		if got, ok := ParseCIK(in); !ok || got != want {
			t.Errorf("ParseCIK(%q) = %q, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "12345678901", "12a"} {
		if _, ok := ParseCIK(bad); ok {
			t.Errorf("ParseCIK(%q) accepted", bad)
		}
	}
}

// A 2004-2008 small business report is the 10-Q or 10-K it stands for everywhere a filing's
// base form decides (extraction, the fold's periodic reports, news headlines).
func TestBaseFormReadsSmallBusinessReportsAsTheirStandardForms(t *testing.T) {
	for form, want := range map[string]string{
		"10-QSB": "10-Q", "10-QSB/A": "10-Q", "10-KSB": "10-K", "10-KSB/A": "10-K", "10-KSB40": "10-K",
		"S-1/A": "S-1", "10-Q": "10-Q", "8-K": "8-K",
	} {
		if got := (Filing{Form: form}).BaseForm(); got != want {
			t.Errorf("BaseForm(%q) = %q, want %q", form, got, want)
		}
	}
}
