package doc

import (
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// The table of short names: a company named once in full with the short name it is then
// called by, in the wordings releases and reports use; role terms and a short name given to
// two companies stay out.
func TestDefinedNames(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01 Other Events.",
		"On May 2, 2025, Wrenfield Optics, Inc. (“Wrenfield”) and Corvid Peak Acquisition Corp. (“Corvid”) signed an agreement.",
		"The parties are Tallow Bay Holdings Ltd., a Cayman Islands exempted company (together with its subsidiaries, the “Company” or “Tallow”), and others.",
		"Merrow Labs (“Merrow”), a maker of valves, and the Company announced a plan.",
		"Halvard Ridge Sponsor LLC (the “Sponsor”) and Quillon Capital Markets LLC (“Quillon”), as representative of the underwriters, agreed.",
		"PENROSE DYNAMICS LLC (“PENROSE”) IS A PARTY.",
		"Ostrava Metals Corp. (“Ostra”) and Ostrava Mining Corp. (“Ostra”) are both named.",
		"Lindqvist Tools, a maker of drills, and Parnell Acquisition Corp. (“Parnell”) agreed.",
	)
	d := Build(r)
	got := d.DefinedNames()
	want := map[string]string{
		"Wrenfield": "Wrenfield Optics, Inc.", "Corvid": "Corvid Peak Acquisition Corp.",
		"Tallow": "Tallow Bay Holdings Ltd.", "Merrow": "Merrow Labs", "Quillon": "Quillon Capital Markets LLC",
		"PENROSE": "PENROSE DYNAMICS LLC", "Parnell": "Parnell Acquisition Corp.",
	}
	for short, full := range want {
		if got[short].Full != full {
			t.Errorf("short name %q: got %q, want %q", short, got[short].Full, full)
		}
	}
	for _, short := range []string{"Company", "Sponsor", "Ostra"} {
		if n, ok := got[short]; ok {
			t.Errorf("short name %q should not be in the table, got %+v", short, n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("table has %d names, want %d: %+v", len(got), len(want), got)
	}
	if n := got["Quillon"]; !strings.Contains(n.About, "underwriters") {
		t.Errorf("Quillon's definition should say it represents the underwriters, got %q", n.About)
	}
	if n := got["Tallow"]; d.Line(n.Line) == "" || !strings.Contains(d.Line(n.Line), "Tallow Bay") {
		t.Errorf("Tallow cites line %d %q", n.Line, d.Line(n.Line))
	}
}
