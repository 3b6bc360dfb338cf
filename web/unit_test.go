package web

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

func TestFormatValueKeepsEveryDigit(t *testing.T) {
	for _, c := range []struct {
		v    string
		k    kind
		want string
	}{
		{"83850265.00", kMoney, "$83,850,265.00"}, {"11.1800", kPrice, "$11.1800"}, {"7500000", kInt, "7,500,000"},
		{"75.00", kPct, "75.00 %"}, {"999", kInt, "999"}, {"1000", kInt, "1,000"}, {"-1234.5", kMoney, "-$1,234.5"},
		{"0.0001", kPrice, "$0.0001"}, {"n/a", kMoney, "n/a"}, {"2026-09-30", kDate, "2026-09-30"}, {"", kMoney, ""},
		{"12a", kInt, "12a"}, {"1.2.3", kPct, "1.2.3"},
	} {
		if got := formatValue(c.v, c.k); got != c.want {
			t.Errorf("formatValue(%q) = %q, want %q", c.v, got, c.want)
		}
	}
}

func derivedOf(field string, inputs ...string) spac.Citation {
	c := spac.Citation{Field: field, Basis: spac.BasisDerived}
	for _, in := range inputs {
		c.Inputs = append(c.Inputs, spac.Citation{Field: in, Accession: "0000000000-00-000001", Line: 3, Basis: spac.BasisStated})
	}
	return c
}

// TestFormulaNamesOnlyKnownShapes: the fold's derivations get their formula; anything else
// gets none (the page lists the inputs instead of guessing).
func TestFormulaNamesOnlyKnownShapes(t *testing.T) {
	for _, c := range []struct {
		c    spac.Citation
		want string
	}{
		{derivedOf("deadline", "ipo_date", "deadline_months"), "IPO date + deadline months"},
		{derivedOf("old_deadline", "ipo_date", "deadline_months"), "IPO date + deadline months"},
		{derivedOf("redeemed_pct", "units_offered", "public_shares"), "(units offered − public shares) ÷ units offered × 100"},
		{derivedOf("redeemed_pct", "shares_redeemed", "shares_before"), "shares redeemed ÷ shares before × 100"},
		{derivedOf("shares_before", "shares_redeemed", "shares_remaining"), "shares redeemed + shares remaining"},
		{derivedOf("amount", "shares_redeemed", "price"), "shares redeemed × price"},
		{derivedOf("trust_per_share", "trust_size", "public_shares"), "trust size ÷ public shares"},
		{derivedOf("trust_size", "balance", "deposit"), "balance + deposit"},
		{derivedOf("trust_size", "price", "shares_remaining"), "price × shares remaining"},
		{derivedOf("public_shares", "public_shares", "shares_redeemed"), "public shares − shares redeemed"},
		{derivedOf("expires", "closing_date", "days"), "closing date + lock-up days"},
		{derivedOf("shares_before", "units_offered"), ""},
		{derivedOf("status", "status"), ""},
		{derivedOf("payout_per_share", "a", "b", "c"), ""},
		{derivedOf("expires", "closing_date", "terms"), ""},
	} {
		if got := formula(c.c); got != c.want {
			t.Errorf("%s from %d inputs: %q, want %q", c.c.Field, len(c.c.Inputs), got, c.want)
		}
	}
}

// TestCiteLinks: a stated value opens its line with the quote; a derived one its derivation,
// whose inputs open their lines; a market quote opens nothing.
func TestCiteLinks(t *testing.T) {
	d := &ids{}
	stated := spac.Citation{Field: "trust_size", Accession: "0009900005-26-000008", Line: 48, Quote: "83,850,265", Basis: spac.BasisStated}
	v := d.cite(stated, 0)
	if v.Href != "/filings/0009900005-26-000008?line=48&quote=83%2C850%2C265#L48" {
		t.Errorf("stated: %s", v.Href)
	}
	v = d.cite(derivedOf("redeemed_pct", "units_offered", "public_shares"), 0)
	if v.Derived == nil || v.Href != "#"+v.Derived.ID || len(v.Derived.Inputs) != 2 || v.Derived.Inputs[0].Cite.Href == "" {
		t.Errorf("derived: %+v", v)
	}
	if long := d.cite(spac.Citation{Accession: "a", Line: 2, Quote: strings.Repeat("x", maxQuoteInURL+1)}, 0); strings.Contains(long.Href, "quote=") {
		t.Errorf("a long quote is carried in the URL: %s", long.Href)
	}
	if q := d.cite(spac.Citation{Field: "price", Basis: spac.BasisQuoted, Source: "quotes.csv", Line: 4, AsOf: "2026-11-20"}, 0); q.Href != "" {
		t.Errorf("a market quote links to %q", q.Href)
	}
}

func TestBackToStaysOnTheSite(t *testing.T) {
	for in, want := range map[string]string{
		"/spac/BWLA?x=1": "/spac/BWLA?x=1", "": "/", "https://evil.example/": "/", "//evil.example/x": "/",
		"/\\evil.example": "/", "javascript:alert(1)": "/", "spac/BWLA": "/",
	} {
		if got := backTo(in); got != want {
			t.Errorf("backTo(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrustBucketsBecomeFilters(t *testing.T) {
	pg := pager{path: "/", query: url.Values{"page": {"3"}, "status": {"searching"}}}
	for bucket, want := range map[string]string{
		"<100M":     "/?max_trust=99999999.99&status=searching",
		"100M-250M": "/?max_trust=249999999.99&min_trust=100000000.00&status=searching",
		">=500M":    "/?min_trust=500000000.00&status=searching",
		"odd":       "",
	} {
		if got := bucketHref("trust_size", bucket, pg); got != want {
			t.Errorf("%s: %q, want %q", bucket, got, want)
		}
	}
	if got := bucketHref("ipo_year", "2024", pg); got != "/?ipo_from=2024-01-01&ipo_to=2024-12-31&status=searching" {
		t.Errorf("ipo_year: %q", got)
	}
}

func TestChart(t *testing.T) {
	p := &spac.Profile{SPAC: spac.SPAC{Name: "X"}}
	if buildChart(p) != nil {
		t.Error("a chart without any balance")
	}
	p.TrustSeries = []spac.TrustPoint{
		{Date: "2024-03-31", Balance: "301800864.00", RedemptionValuePerShare: "10.0600"},
		{Date: "2025-12-31", Balance: "81375623.00", RedemptionValuePerShare: "10.8500"},
	}
	p.Redemptions = []spac.Redemption{{Date: "2025-06-01", SharesRedeemed: "22500000", RedeemedPct: "75.00"}}
	ch := buildChart(p)
	if ch == nil || len(ch.Points) != 4 || len(ch.Markers) != 1 || ch.PerShare == "" {
		t.Fatalf("chart: %+v", ch)
	}
	if ch.Points[0].Label != "2024-03-31: $301,800,864.00" || !strings.Contains(ch.Markers[0].Title, "22,500,000 shares redeemed (75.00 %)") {
		t.Errorf("labels: %q, %q", ch.Points[0].Label, ch.Markers[0].Title)
	}
	x0, x1 := ch.Points[0].X, ch.Points[1].X
	if x0 != "78.0" || x1 != "650.0" {
		t.Errorf("the first and last dates span the plot: %s .. %s", x0, x1)
	}
}

// A list's sources say what each holds ("new deadline: June 17, 2027"), once each, instead of
// "8-K 2026-11-20" repeated per citation.
func TestSourcesAreLabelledOnce(t *testing.T) {
	c := func(field, quote string, line int) spac.Citation {
		return spac.Citation{Field: field, Filing: "8-K", FiledAt: "2026-11-20", Accession: "0009900006-26-000005", Line: line, Quote: quote}
	}
	cites := []spac.Citation{c("new_deadline", "June 17, 2027", 50), c("new_deadline", "June 17, 2027", 50),
		c("symbol", "KHAC", 47), c("symbol", "KHAC", 48), c("name", "", 14)}
	_, sources := detailsOf(&ids{}, nil, cites)
	var got []string
	for _, s := range sources {
		got = append(got, s.Text)
	}
	want := []string{"new deadline: June 17, 2027", "symbol: KHAC", "name (8-K 2026-11-20)"}
	if !slices.Equal(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
}

// A backfill fires old events after new ones; the page orders by the event's date.
func TestAlertsOrderByEventDate(t *testing.T) {
	fired := []spac.Alert{{ID: "a", OccurredAt: "2026-11-01"}, {ID: "b", OccurredAt: "2025-03-02"}, {ID: "c", OccurredAt: "2026-11-20"}}
	var got []string
	for _, a := range byEventDate(fired) {
		got = append(got, a.ID)
	}
	if !slices.Equal(got, []string{"c", "a", "b"}) {
		t.Errorf("order %v, want c a b", got)
	}
}

// A source is labelled in words: an alert cites its event date under the API's field name
// occurredAt, which the alerts page must show as "occurred at", like snake_case fields.
func TestSourceLabelIsInWords(t *testing.T) {
	c := spac.Citation{Field: "occurredAt", Quote: "December 16, 2026"}
	if got := sourceLabel(c); got != "occurred at: December 16, 2026" {
		t.Errorf("sourceLabel(occurredAt) = %q, want %q", got, "occurred at: December 16, 2026")
	}
	for name, want := range map[string]string{"trust_per_share": "trust per share", "CIK": "CIK", "sourceAccession": "source accession"} {
		if got := label(name); got != want {
			t.Errorf("label(%s) = %q, want %q", name, got, want)
		}
	}
}
