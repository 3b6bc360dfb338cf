// Package editdist is the one edit distance of the service: the ticker suggestions of the API
// and the fuzzy matching of the search index both count edits this way, as Bleve's fuzzy query
// does, so a suggestion and a search agree on what "close" means.
package editdist

// Levenshtein is the Levenshtein distance of a and b, counted in runes: the fewest insertions,
// deletions and substitutions that turn a into b (a swap of two neighbours counts 2).
func Levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
