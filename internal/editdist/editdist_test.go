package editdist

import "testing"

func TestLevenshtein(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"AAA1", "AAA1", 0}, {"AAA9", "AAA1", 1}, {"AA3", "AAA3", 1},
		{"KITTEN", "SITTING", 3}, {"kitten", "sitting", 3},
		{"maple", "mapel", 2}, {"maple", "mapl", 1}, {"", "abc", 3}, {"abc", "", 3},
		{"ü", "u", 1}, {"üü", "üü", 0}, // runes, not bytes
	} {
		if got := Levenshtein(tt.a, tt.b); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Levenshtein(tt.b, tt.a); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetric)", tt.b, tt.a, got, tt.want)
		}
	}
}
