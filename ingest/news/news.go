// Package news aggregates news about SPACs: it parses RSS/Atom feeds, links each article to
// the SPACs it mentions (by CIK, ticker or company name), writes articles for notable filings,
// and runs an Aggregator that polls the configured feeds into a spac.ArticleStore and announces every new
// article through a hook (the SSE news stream and the news.published webhook hang off it).
package news

import (
	"crypto/sha256"
	"encoding/hex"
)

// SourceFiling is the Source of articles written for filings (see FromFiling).
const SourceFiling = "filing"

// articleID derives a stable article ID from the parts that identify an item, so the same item
// fetched again (or carried by two feeds) gets the same ID.
func articleID(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return "n" + hex.EncodeToString(h.Sum(nil)[:12])
}
