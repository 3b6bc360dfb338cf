package web

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// universeFacets are asked for on every universe page (the sidebar).
var universeFacets = []string{"status", "sector", "sponsor", "trust_size", "ipo_year"}

type universeView struct {
	Rows     []universeRow
	Columns  []sortColumn
	Facets   []facetView
	Links    pageLinks
	Filters  map[string]string // the form's current values
	Statuses []statusOption
	Sorts    []sortOption
	Limits   []int
	Limit    int
	Clear    string // the unfiltered universe, when filtered
}

type universeRow struct {
	Symbol   string
	Href     string
	Name     valueView
	Status   valueView
	Sponsor  valueView
	Trust    valueView
	PerShare valueView
	Redeemed valueView
	YTM      valueView
	IPODate  valueView
	Deadline valueView
}

type sortColumn struct {
	Label string
	Href  string // sorts by this column (again: the other direction)
	Sort  string // aria-sort: ascending, descending or ""
}

type facetView struct {
	Name    string
	Buckets []facetBucket
}

type facetBucket struct {
	Label string
	Count int
	Href  string // the universe filtered to this bucket; "" when it cannot be expressed
}

type statusOption struct {
	Value, Label string
	Checked      bool
}

type sortOption struct {
	Value, Label string
	Selected     bool
}

func (e *Explorer) universe(c *gin.Context) {
	q, pg, ok := listRequest(e, c, "universe", e.d.API.UniverseRequest)
	if !ok {
		return
	}
	if e.fresh(c) {
		return
	}
	q.Offset, q.Limit, q.Facets = pg.offset(), pg.Limit, universeFacets
	res, err := e.d.Index.Universe(c.Request.Context(), q)
	if err != nil {
		e.fail(c, err)
		return
	}
	v := universeView{Links: pg.links(len(res.Rows), res.Total), Limit: pg.Limit, Limits: []int{25, 50, 100, 250, 500}}
	d := &ids{}
	for i := range res.Rows {
		v.Rows = append(v.Rows, universeRowOf(d, &res.Rows[i]))
	}
	v.fillForm(c, pg)
	v.Facets = facetsOf(res.Facets, pg)
	e.render(c, http.StatusOK, "universe", page{Title: "SPAC universe", Nav: "universe", Body: v})
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func universeRowOf(d *ids, r *spac.SPAC) universeRow {
	href := spacHref(r.Symbol)
	// A derived value opens its derivation on the SPAC page (formula and linked inputs),
	// which would not fit in a table row.
	onProfile := func(v valueView, anchor string) valueView {
		if v.Cite != nil && v.Cite.Derived != nil {
			v.Cite.Href = href + "#" + anchor
		}
		return v
	}
	return universeRow{
		Symbol: r.Symbol, Href: href,
		Name:     d.value(r.Name, kText, r.Citations, "name"),
		Status:   onProfile(d.value(label(string(r.Status)), kText, r.Citations, "status"), "spac-status"),
		Sponsor:  d.value(r.Sponsor, kText, r.Citations, "sponsor"),
		Trust:    onProfile(d.value(r.TrustSize, kMoney, r.Citations, "trust_size"), "trust-trust_size"),
		PerShare: onProfile(d.value(r.TrustPerShare, kPrice, r.Citations, "trust_per_share"), "trust-trust_per_share"),
		Redeemed: onProfile(d.value(r.RedeemedPct, kPct, r.Citations, "redeemed_pct"), "trust-redeemed_pct"),
		YTM:      onProfile(d.value(r.YTMPct, kPct, r.Citations, "ytm_pct"), "trust-ytm_pct"),
		IPODate:  d.value(r.IPODate, kDate, r.Citations, "ipo_date"),
		Deadline: onProfile(d.value(r.Deadline, kDate, r.Citations, "deadline"), "spac-deadline"),
	}
}

// columns of the table that sort (the API's sort fields).
var sortable = []struct{ label, field string }{
	{"Symbol", "symbol"}, {"Name", "name"}, {"Status", "status"}, {"Sponsor", "sponsor"},
	{"Trust size", "trust_size"}, {"Trust per share", "trust_per_share"}, {"Redeemed", "redeemed_pct"},
	{"Yield to payout", "ytm_pct"}, {"IPO date", "ipo_date"}, {"Deadline", "deadline"},
}

// universeFilters are the filters of the form that are typed in (status has checkboxes).
var universeFilters = []string{"q", "sector", "sponsor", "min_trust", "max_trust", "min_trust_per_share",
	"max_trust_per_share", "min_redeemed_pct", "max_redeemed_pct", "min_ytm", "max_ytm", "ipo_from", "ipo_to",
	"deadline_before"}

// fillForm gives the form, the sort controls and the column headers their current state.
func (v *universeView) fillForm(c *gin.Context, pg pager) {
	v.Filters = map[string]string{}
	for _, k := range universeFilters {
		v.Filters[k] = c.Query(k)
	}
	statuses := make([]string, len(spac.Statuses))
	for i, s := range spac.Statuses {
		statuses[i] = string(s)
	}
	v.Statuses = checkedOptions(c, "status", statuses)
	v.Sorts, v.Columns = sortControls(c.Query("sort"), pg)
	if len(c.Request.URL.Query()) > 0 {
		v.Clear = pathUniverse
	}
}

// sortControls are the sort menu and the column headers: a header sorts by its column, or
// the other way when it is the current sort (aria-sort says which).
func sortControls(cur string, pg pager) ([]sortOption, []sortColumn) {
	sorts := []sortOption{{Value: "", Label: "CIK (default)", Selected: cur == ""}}
	var cols []sortColumn
	for _, col := range sortable {
		sorts = append(sorts, sortOption{Value: col.field, Label: col.label + " ↑", Selected: cur == col.field},
			sortOption{Value: "-" + col.field, Label: col.label + " ↓", Selected: cur == "-"+col.field})
		sc := sortColumn{Label: col.label, Href: pg.with("sort", col.field)}
		switch cur {
		case col.field:
			sc.Sort, sc.Href = "ascending", pg.with("sort", "-"+col.field)
		case "-" + col.field:
			sc.Sort = "descending"
		}
		cols = append(cols, sc)
	}
	return sorts, cols
}

// checkedOptions are checkboxes for the values of a list parameter, checked as the request
// has them (repeated or comma-separated).
func checkedOptions(c *gin.Context, name string, values []string) []statusOption {
	checked := map[string]bool{}
	for _, it := range c.QueryArray(name) {
		for _, v := range strings.Split(it, ",") {
			checked[strings.TrimSpace(v)] = true
		}
	}
	out := make([]statusOption, 0, len(values))
	for _, v := range values {
		out = append(out, statusOption{Value: v, Label: label(v), Checked: checked[v]})
	}
	return out
}

// facetsOf links each bucket to the universe filtered by it.
func facetsOf(facets map[string][]spac.FacetCount, pg pager) []facetView {
	var out []facetView
	for _, name := range universeFacets {
		f := facetView{Name: label(name)}
		for _, b := range facets[name] {
			if b.Count == 0 {
				continue
			}
			fb := facetBucket{Label: b.Value, Count: b.Count, Href: bucketHref(name, b.Value, pg)}
			if name == "status" {
				fb.Label = label(b.Value)
			}
			f.Buckets = append(f.Buckets, fb)
		}
		if len(f.Buckets) > 0 {
			out = append(out, f)
		}
	}
	return out
}

var (
	belowRe   = regexp.MustCompile(`^<([0-9]+)M$`)
	betweenRe = regexp.MustCompile(`^([0-9]+)M-([0-9]+)M$`)
	aboveRe   = regexp.MustCompile(`^>=([0-9]+)M$`)
)

// bucketHref filters by a facet bucket. Trust buckets are [lo, hi) in millions; max_trust
// is inclusive, so hi becomes one cent below.
func bucketHref(name, value string, pg pager) string {
	switch name {
	case "status", "sector", "sponsor":
		return pg.with(name, value)
	case "ipo_year":
		return pgWith(pg, "ipo_from", value+"-01-01", "ipo_to", value+"-12-31")
	}
	if m := belowRe.FindStringSubmatch(value); m != nil {
		return pgWith(pg, "min_trust", "", "max_trust", centBelow(m[1]))
	}
	if m := betweenRe.FindStringSubmatch(value); m != nil {
		return pgWith(pg, "min_trust", m[1]+"000000.00", "max_trust", centBelow(m[2]))
	}
	if m := aboveRe.FindStringSubmatch(value); m != nil {
		return pgWith(pg, "min_trust", m[1]+"000000.00", "max_trust", "")
	}
	return ""
}

// centBelow is N million dollars less one cent, as a decimal string.
func centBelow(millions string) string {
	n, err := strconv.Atoi(millions)
	if err != nil || n < 1 {
		return "0.00"
	}
	return strconv.Itoa(n*1000000-1) + ".99"
}

func pgWith(pg pager, k1, v1, k2, v2 string) string {
	q := cloneValues(pg.query)
	q.Del("page")
	for _, kv := range [][2]string{{k1, v1}, {k2, v2}} {
		if kv[1] == "" {
			q.Del(kv[0])
		} else {
			q.Set(kv[0], kv[1])
		}
	}
	return pg.path + "?" + q.Encode()
}
