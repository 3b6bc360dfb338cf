package news

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
	"golang.org/x/net/html"

	"github.com/spacdata/spac"
)

// maxSummaryRunes bounds a stored summary; feeds sometimes carry whole articles.
const maxSummaryRunes = 2000

// ParseFeed parses an RSS 2.0 or Atom feed (JSON Feed is accepted too) into articles, in feed
// order. Source is the configured feed name; when empty, the feed's own title is used. Each
// article's ID is a hash of the item's GUID (else its link, else its title and date), so the same
// item parsed again gets the same ID. PublishedAt is UTC (zero when the item has no date);
// Summary is plain text. Articles are not linked to SPACs here (see Linker, Aggregator).
// Malformed input returns an error, never a panic.
func ParseFeed(data []byte, source string) (articles []spac.Article, err error) {
	defer func() {
		if r := recover(); r != nil { // the XML parser must not take the service down
			articles, err = nil, fmt.Errorf("news: parse feed %q: malformed feed (%v)", source, r)
		}
	}()
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("news: parse feed %q: empty document", source)
	}
	feed, err := gofeed.NewParser().Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("news: parse feed %q: %w", source, err)
	}
	if source = strings.TrimSpace(source); source == "" {
		source = plainText(feed.Title)
	}
	if source == "" {
		source = "feed" // an untitled, unnamed feed still needs a Source to filter by
	}
	out := make([]spac.Article, 0, len(feed.Items))
	for _, it := range feed.Items {
		if it == nil {
			continue
		}
		if a, ok := articleOf(it, source); ok {
			out = append(out, a)
		}
	}
	return out, nil
}

// errNoIdentity: an item with neither GUID, link nor title cannot be deduplicated.
var errNoIdentity = errors.New("item has no guid, link or title")

func articleOf(it *gofeed.Item, source string) (spac.Article, bool) {
	a := spac.Article{
		Title:     plainText(it.Title),
		URL:       strings.TrimSpace(it.Link),
		Source:    source,
		Summary:   truncateRunes(plainText(firstNonBlank(it.Description, it.Content)), maxSummaryRunes),
		CIKs:      []spac.CIK{},
		Symbols:   []string{},
		Citations: []spac.Citation{},
	}
	if a.URL == "" && len(it.Links) > 0 {
		a.URL = strings.TrimSpace(it.Links[0])
	}
	if t := itemTime(it); t != nil {
		a.PublishedAt = t.UTC()
	}
	id, err := itemIdentity(it, a)
	if err != nil {
		return spac.Article{}, false
	}
	a.ID = id
	return a, true
}

func firstNonBlank(first, fallback string) string {
	if strings.TrimSpace(first) != "" {
		return first
	}
	return fallback
}

func itemTime(it *gofeed.Item) *time.Time {
	if it.PublishedParsed != nil {
		return it.PublishedParsed
	}
	return it.UpdatedParsed
}

// itemIdentity hashes what identifies the item: GUID, else link, else title and date.
func itemIdentity(it *gofeed.Item, a spac.Article) (string, error) {
	switch {
	case strings.TrimSpace(it.GUID) != "":
		return articleID("guid", strings.TrimSpace(it.GUID)), nil
	case a.URL != "":
		return articleID("link", a.URL), nil
	case a.Title != "":
		date := ""
		if !a.PublishedAt.IsZero() {
			date = a.PublishedAt.Format(time.RFC3339)
		}
		return articleID("title", a.Title, date), nil
	}
	return "", errNoIdentity
}

// plainText turns a fragment of HTML (or plain text with entities) into one line of text.
func plainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.Join(strings.Fields(s), " ")
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0 // inside <script> or <style>
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			skip = rawDepth(skip, string(name), tt)
			if blockTags[string(name)] {
				b.WriteByte(' ') // "<p>a</p><p>b</p>" reads "a b"; "<b>NASDAQ</b>:" stays glued
			}
		}
	}
}

// rawDepth tracks nesting of <script>/<style>, whose text is not prose.
func rawDepth(depth int, name string, tt html.TokenType) int {
	if name != "script" && name != "style" {
		return depth
	}
	switch {
	case tt == html.StartTagToken:
		return depth + 1
	case tt == html.EndTagToken && depth > 0:
		return depth - 1
	}
	return depth
}

// blockTags end a run of text.
var blockTags = map[string]bool{
	"p": true, "div": true, "br": true, "li": true, "ul": true, "ol": true, "tr": true, "td": true,
	"th": true, "table": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"blockquote": true, "pre": true, "hr": true, "section": true, "article": true, "header": true,
	"footer": true, "dd": true, "dt": true, "img": true, "figure": true, "figcaption": true,
}

func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n])) + "…"
	}
	return s
}
