// Package news aggregates news about SPACs: it parses RSS/Atom feeds, links each article to
// the SPACs it mentions (by CIK, ticker or company name), writes articles for notable filings,
// and runs an Aggregator that polls the configured feeds into a Store and announces every new
// article through a hook (the SSE news stream and the news.published webhook hang off it).
package news

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/spacdata/spac"
)

// SourceFiling is the Source of articles written for filings (see FromFiling).
const SourceFiling = "filing"

// Store keeps articles. PutArticle is idempotent per article ID: storing an article whose ID is
// already present changes nothing and reports added == false, so re-polling a feed dedupes.
// A store assigns Seq (increasing in insertion order) to every article it adds.
type Store interface {
	PutArticle(ctx context.Context, a spac.Article) (added bool, err error)
	Articles(ctx context.Context, q Query) ([]spac.Article, error)
}

// Query filters articles; empty fields do not filter. Results are ordered newest first
// (PublishedAt descending, then ID ascending).
type Query struct {
	Symbol   string     // linked to this symbol (any case)
	CIK      spac.CIK   // linked to this SPAC
	Source   string     // feed name, or SourceFiling
	Since    time.Time  // published at or after
	Text     string     // every word appears in the title or summary (any case)
	Restrict []spac.CIK // only articles linked to one of these SPACs (sample scope); nil = all
	Limit    int        // at most this many; <= 0 = no limit
}

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
