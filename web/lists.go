package web

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

type searchView struct {
	Text  string
	Rows  []searchRow
	Links pageLinks
}

type searchRow struct {
	Symbol, Href string
	Name         valueView
	Status       valueView
	Sponsor      valueView
	Target       valueView
	Former       []valueView // names filed under before
	Matched      string
}

// search is the fuzzy search of GET /v1/search (typos, prefixes; best match first).
func (e *Explorer) search(c *gin.Context) {
	q, pg, ok := listRequest(e, c, "search", e.d.API.SearchRequest)
	if !ok {
		return
	}
	if e.fresh(c) {
		return
	}
	v := searchView{Text: q.Text}
	if q.Text != "" {
		limit := max(min(pg.Limit, api.MaxSearchHits-pg.offset()), 1)
		q.Offset, q.Limit = pg.offset(), limit
		res, err := e.d.Index.SearchPage(c.Request.Context(), q)
		if err != nil {
			e.fail(c, err)
			return
		}
		d := &ids{}
		for _, h := range res.Hits[:min(len(res.Hits), limit)] {
			r := h.SPAC
			v.Rows = append(v.Rows, searchRow{Symbol: r.Symbol, Href: spacHref(r.Symbol),
				Name:    d.value(r.Name, kText, r.Citations, "name"),
				Status:  d.value(label(string(r.Status)), kText, r.Citations, "status"),
				Sponsor: d.value(r.Sponsor, kText, r.Citations, "sponsor"), Target: d.value(r.Target, kText, r.Citations, "target"),
				Former: d.values(r.PreviousNames, r.Citations, "previous_names"), Matched: label(strings.Join(h.Matched, ", "))})
		}
		v.Links = pg.links(len(v.Rows), min(res.Total, api.MaxSearchHits))
	}
	e.render(c, http.StatusOK, "search", page{Title: "Search: " + q.Text, Query: q.Text, Body: v})
}

// calendarHorizon is the calendar's default window: today and the next 90 days.
const calendarHorizon = 90

type calendarView struct {
	From, To string
	Symbol   string
	Types    []statusOption
	Rows     []eventRow
	Links    pageLinks
}

type eventRow struct {
	Date   valueView
	End    string
	Period string
	Type   string
	Symbol string
	Href   string
	Title  string
}

func (e *Explorer) calendar(c *gin.Context) {
	q, pg, ok := listRequest(e, c, "calendar", e.d.API.CalendarRequest)
	if !ok {
		return
	}
	// Without from, the API's calendar starts today; the page also ends it 90 days later.
	if from, err := time.Parse(time.DateOnly, q.From); err == nil && q.To == "" && c.Query("from") == "" {
		q.To = from.AddDate(0, 0, calendarHorizon).Format(time.DateOnly)
	}
	if e.fresh(c) {
		return
	}
	events, total, err := e.d.API.CalendarEvents(c, q, pg.offset(), pg.Limit)
	if err != nil {
		e.fail(c, err)
		return
	}
	v := calendarView{From: q.From, To: q.To, Symbol: c.Query("symbol"), Links: pg.links(len(events), total)}
	v.Types = typeOptions(c)
	d := &ids{}
	for _, ev := range events {
		v.Rows = append(v.Rows, eventRow{Date: d.value(ev.Date, kDate, ev.Citations, "date"), End: ev.EndDate, Period: ev.Period,
			Type: label(string(ev.Type)), Symbol: ev.Symbol, Href: spacHref(ev.Symbol), Title: ev.Title})
	}
	e.render(c, http.StatusOK, "calendar", page{Title: "Calendar", Nav: "calendar", Body: v})
}

func typeOptions(c *gin.Context) []statusOption {
	types := make([]string, len(spac.EventTypes))
	for i, t := range spac.EventTypes {
		types[i] = string(t)
	}
	return checkedOptions(c, "type", types)
}

// itemView is one alert or article.
type itemView struct {
	When    string
	Kind    string
	Level   string
	Title   string
	URL     string // an article's own address
	Summary string
	SPACs   []string
	Details []fieldRow
	Sources []valueView // citations without a detail of their own
}

type listView struct {
	Rows  []itemView
	Links pageLinks
	Empty string
}

func (e *Explorer) alerts(c *gin.Context) {
	q, pg, ok := listRequest(e, c, "alerts", e.d.API.AlertsRequest)
	if !ok {
		return
	}
	v := listView{Empty: "No alert matches."}
	var rows []spac.Alert
	var err error
	if e.d.Alerts == nil {
		v.Empty = "Alerts are not available on this server."
	} else if rows, err = e.d.Alerts.Alerts(c.Request.Context(), q); err != nil {
		e.fail(c, err)
		return
	}
	if e.fresh(c, listVersion(len(rows), firstSeq(rows, func(a spac.Alert) uint64 { return a.Seq }))) {
		return
	}
	d := &ids{}
	rows = byEventDate(rows)
	for _, a := range window(rows, pg) {
		it := itemView{When: alertDate(a), Kind: label(string(a.Kind)), Level: a.Severity, Title: a.Title, SPACs: []string{a.Symbol}}
		it.Details, it.Sources = detailsOf(d, a.Detail, a.Citations)
		v.Rows = append(v.Rows, it)
	}
	v.Links = pg.links(len(v.Rows), len(rows))
	e.render(c, http.StatusOK, "list", page{Title: "Alerts", Nav: "alerts", Body: v})
}

// alertDate is the day of the event an alert reports, else the day it fired.
func alertDate(a spac.Alert) string {
	if a.OccurredAt != "" {
		return a.OccurredAt
	}
	return a.FiredAt.UTC().Format(time.DateOnly)
}

// byEventDate orders alerts by the date the page shows, newest first: the store keeps them in
// the order they fired, and a backfill fires old events late, which read as out of order.
func byEventDate(rows []spac.Alert) []spac.Alert {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(a, b spac.Alert) int { return strings.Compare(alertDate(b), alertDate(a)) })
	return out
}

func (e *Explorer) news(c *gin.Context) {
	q, pg, ok := listRequest(e, c, "news", e.d.API.NewsRequest)
	if !ok {
		return
	}
	var rows []spac.Article
	var err error
	if e.d.News != nil {
		if rows, err = e.d.News.Articles(c.Request.Context(), q); err != nil {
			e.fail(c, err)
			return
		}
	}
	if e.fresh(c, listVersion(len(rows), firstSeq(rows, func(a spac.Article) uint64 { return a.Seq }))) {
		return
	}
	v := listView{Empty: "No article matches."}
	d := &ids{}
	for _, a := range window(rows, pg) {
		it := itemView{When: a.PublishedAt.UTC().Format(time.DateOnly), Kind: a.Source, Title: a.Title, URL: a.URL,
			Summary: a.Summary, SPACs: a.Symbols}
		_, it.Sources = detailsOf(d, nil, a.Citations)
		v.Rows = append(v.Rows, it)
	}
	v.Links = pg.links(len(v.Rows), len(rows))
	e.render(c, http.StatusOK, "list", page{Title: "News", Nav: "news", Body: v})
}

// detailsOf pairs an alert's numbers with their citations; citations of no detail are
// listed as sources.
func detailsOf(d *ids, detail map[string]string, cites []spac.Citation) ([]fieldRow, []valueView) {
	var rows []fieldRow
	used := map[string]bool{}
	for _, c := range cites {
		v, ok := detail[c.Field]
		if !ok || used[c.Field] {
			continue
		}
		used[c.Field] = true
		rows = append(rows, fieldRow{Label: label(c.Field), Values: []valueView{d.value(v, detailKind(c.Field), cites, c.Field)}})
	}
	for _, k := range slices.Sorted(maps.Keys(detail)) {
		if !used[k] {
			used[k] = true
			rows = append(rows, fieldRow{Label: label(k), Values: []valueView{{Text: formatValue(detail[k], detailKind(k))}}})
		}
	}
	var sources []valueView
	seen := map[string]bool{}
	for _, c := range cites {
		text := sourceLabel(c)
		if used[c.Field] || seen[text] {
			continue
		}
		seen[text] = true
		cv := d.cite(c, 0)
		sources = append(sources, valueView{Text: text, Cite: &cv})
	}
	return rows, sources
}

// maxSourceQuote bounds the quote a source link shows; the link opens the whole line.
const maxSourceQuote = 60

// sourceLabel names what a source citation holds - the field and the words it was read from,
// "new deadline: June 17, 2027" - so that a list of sources says what each is; the filing
// and line are in the link's title.
func sourceLabel(c spac.Citation) string {
	q := []rune(strings.TrimSpace(c.Quote))
	if len(q) > maxSourceQuote {
		q = append(q[:maxSourceQuote-1], '…')
	}
	if len(q) == 0 {
		return label(c.Field) + " (" + c.Filing + " " + c.FiledAt + ")"
	}
	return label(c.Field) + ": " + string(q)
}

// detailKind is the kind of an alert detail: percentages are named so ("redeemed_pct");
// any other number is grouped in thousands like the alert's title ("IPO of 20,000,000
// units") but given no unit it might not have; a date or a name is not a decimal and is
// shown as written.
func detailKind(name string) kind {
	if strings.HasSuffix(name, "_pct") {
		return kPct
	}
	return kInt
}

func listVersion(n int, seq uint64) string {
	return strconv.Itoa(n) + "/" + strconv.FormatUint(seq, 10)
}

// firstSeq is the largest sequence number of a list (the newest insertion).
func firstSeq[T any](rows []T, seq func(T) uint64) uint64 {
	var top uint64
	for _, r := range rows {
		top = max(top, seq(r))
	}
	return top
}
