package news

import (
	"strings"
	"testing"
	"time"
)

func TestParseRSS(t *testing.T) {
	got, err := ParseFeed(readTestdata(t, "sample.rss"), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d articles, want 3", len(got))
	}
	a := got[0]
	if a.Source != "SPAC Wire" {
		t.Errorf("source = %q, want the feed title", a.Source)
	}
	if want := time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC); !a.PublishedAt.Equal(want) || a.PublishedAt.Location() != time.UTC {
		t.Errorf("publishedAt = %v, want %v in UTC", a.PublishedAt, want)
	}
	if want := "Maple Ridge Acquisition Corp. (NASDAQ: MRAC) & Nimbus Robotics signed a definitive agreement."; a.Summary != want {
		t.Errorf("summary = %q, want %q (HTML and script stripped, entities decoded)", a.Summary, want)
	}
	if a.URL != "https://news.example.com/2024/05/maple-ridge-nimbus" || a.ID == "" {
		t.Errorf("url %q id %q", a.URL, a.ID)
	}
	if a.CIKs == nil || a.Symbols == nil || a.Citations == nil {
		t.Error("slices must be non-nil so JSON shows arrays")
	}
	ids := map[string]bool{}
	for _, a := range got {
		if ids[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		ids[a.ID] = true
	}
}

func TestParseRSSConfiguredName(t *testing.T) {
	got, err := ParseFeed(readTestdata(t, "sample.rss"), "wire")
	if err != nil || len(got) == 0 || got[0].Source != "wire" {
		t.Fatalf("configured name must win: %v %v", got, err)
	}
}

func TestParseAtom(t *testing.T) {
	got, err := ParseFeed(readTestdata(t, "sample.atom"), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %d articles, want 2", len(got))
	}
	a, b := got[0], got[1]
	if a.Source != "Deal Desk" || a.Title != "Learn CW Investment Corp extends deadline" {
		t.Errorf("source %q title %q", a.Source, a.Title)
	}
	if want := time.Date(2024, 6, 3, 7, 15, 0, 0, time.UTC); !a.PublishedAt.Equal(want) {
		t.Errorf("published = %v, want %v", a.PublishedAt, want)
	}
	if a.Summary != "Shareholders of CIK 1847577 approved the extension." || a.URL != "https://dealdesk.example.com/entries/77" {
		t.Errorf("summary %q url %q", a.Summary, a.URL)
	}
	if want := time.Date(2024, 6, 2, 18, 0, 0, 0, time.UTC); !b.PublishedAt.Equal(want) {
		t.Errorf("entry without published falls back to updated: %v", b.PublishedAt)
	}
	if !strings.Contains(b.Summary, "(NYSE: SOUL.U)") {
		t.Errorf("content used as summary: %q", b.Summary)
	}
}

func TestParseFeedStableIDs(t *testing.T) {
	data := readTestdata(t, "sample.rss")
	first, _ := ParseFeed(data, "a")
	again, _ := ParseFeed(data, "b")
	for i := range first {
		if first[i].ID != again[i].ID {
			t.Errorf("item %d: id %s then %s", i, first[i].ID, again[i].ID)
		}
	}
	// The same GUID under a changed title keeps its ID (an edited headline is the same item).
	edited := strings.Replace(string(data), "Announces Business Combination", "Signs Deal", 1)
	got, _ := ParseFeed([]byte(edited), "a")
	if got[0].ID != first[0].ID {
		t.Error("guid must identify the item")
	}
}

func TestParseFeedIdentityFallbacks(t *testing.T) {
	feed := `<rss version="2.0"><channel><title>T</title>
<item><title>By link</title><link>https://x.example/1</link></item>
<item><title>By title and date</title><pubDate>Mon, 29 Apr 2024 21:00:00 +0000</pubDate></item>
<item><title>By title and date</title><pubDate>Tue, 30 Apr 2024 21:00:00 +0000</pubDate></item>
<item><description>no identity at all</description></item>
</channel></rss>`
	got, err := ParseFeed([]byte(feed), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d, want 3 (the item without guid, link or title is skipped)", len(got))
	}
	if got[0].ID != articleID("link", "https://x.example/1") || got[1].ID == got[2].ID {
		t.Errorf("ids %s %s %s", got[0].ID, got[1].ID, got[2].ID)
	}
}

func TestParseFeedMalformed(t *testing.T) {
	for name, data := range map[string][]byte{
		"truncated":  readTestdata(t, "malformed.rss"),
		"empty":      nil,
		"blank":      []byte("  \n"),
		"not a feed": []byte("<html><body>hello</body></html>"),
		"binary":     {0xff, 0xfe, 0x00, 0x3c, 0x01},
		"json junk":  []byte(`{"version": 3`),
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := ParseFeed(data, "x"); err == nil {
				t.Fatalf("want an error, got %d articles", len(got))
			}
		})
	}
}

func TestPlainText(t *testing.T) {
	for in, want := range map[string]string{
		"plain   text\n here":           "plain text here",
		"<p>a</p><p>b&nbsp;c</p>":       "a b c",
		"AT&amp;T <style>p{}</style>ok": "AT&T ok",
		"Tom &amp; Jerry":               "Tom & Jerry",
		"<a href='x'>link</a><br/>next": "link next",
		"unclosed <b tag":               "unclosed",
	} {
		if got := plainText(in); got != want {
			t.Errorf("plainText(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParseFeed(f *testing.F) {
	f.Add(readTestdataF(f, "sample.rss"))
	f.Add(readTestdataF(f, "sample.atom"))
	f.Add(readTestdataF(f, "malformed.rss"))
	f.Fuzz(func(t *testing.T, data []byte) {
		articles, err := ParseFeed(data, "fuzz")
		if err != nil {
			return
		}
		for _, a := range articles {
			if a.ID == "" || a.Source == "" {
				t.Fatalf("article without id or source: %+v", a)
			}
		}
	})
}
