package spac_test

import (
	"testing"

	"github.com/spacdata/spac"
)

func TestGroupThousands(t *testing.T) {
	for in, want := range map[string]string{
		"9000000": "9,000,000", "250000000.00": "250,000,000.00", "-1234.5": "-1,234.5", "999": "999",
		"1000": "1,000", "10.4213": "10.4213", "": "", "n/a": "n/a", "1e6": "1e6", "12.": "12.", "-": "-",
	} {
		if got := spac.GroupThousands(in); got != want {
			t.Errorf("GroupThousands(%q) = %q, want %q", in, got, want)
		}
	}
}
