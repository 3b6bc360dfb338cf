package doc

import "testing"

// TestDatelineGuardKeepsEveryDateline: the hyphen and dash guard refuses only lines the
// pattern does not match.
func TestDatelineGuardKeepsEveryDateline(t *testing.T) {
	for _, line := range []string{
		"NEW YORK, NY, May 24, 2017 – Acme Acquisition Corp. announced",
		"NEW YORK, May 24, 2017 /PRNewswire/ — Acme",
		"NEW YORK, May 24, 2017 /PRNewswire/ -- Acme",
		"Houston -- Acme Corp. (NASDAQ: ACME)",
		"June 1, 2010 - New York, NY - Acme",
		"Proposal No. 1 – The Extension Proposal",
		"May 24, 2017",
		"Acme -- ",
		"a--b",
		"",
	} {
		if got, want := dateline(line), datelineRe.MatchString(line); got != want {
			t.Errorf("%q: dateline %v, the pattern %v", line, got, want)
		}
	}
}
