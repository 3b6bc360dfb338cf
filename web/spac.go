package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// profileView is the SPAC page.
type profileView struct {
	Name      valueView
	Symbol    string
	CIK       spac.CIK
	Header    []fieldRow
	Sections  []section
	Chart     *chartView
	History   []historyRow
	Filings   []spac.FilingRef
	Calendar  string // the calendar page for this SPAC
	NewsHref  string
	AlertHref string
}

type historyRow struct {
	Status valueView
	Date   string
}

func (e *Explorer) spacPage(c *gin.Context) {
	cik, err := e.d.API.ResolveSPAC(c, c.Param("symbol"))
	if err != nil {
		e.fail(c, err)
		return
	}
	if e.fresh(c) {
		return
	}
	p, err := e.d.API.Profile(c.Request.Context(), cik)
	if err != nil {
		e.fail(c, err)
		return
	}
	v := buildProfile(&p)
	e.render(c, http.StatusOK, "spac", page{Title: p.Name + " (" + p.Symbol + ")", Body: v})
}

// buildProfile lays the profile out by area; every value carries its citation.
func buildProfile(p *spac.Profile) profileView {
	d := &ids{}
	sym := p.Symbol
	v := profileView{
		Name: d.value(p.Name, kText, p.Citations, "name"), Symbol: sym, CIK: p.CIK,
		Header:   rowsOf(d, "spac", &p.SPAC, p.Citations, headerSpecs),
		Calendar: pathCalendar + "?symbol=" + sym, NewsHref: pathNews + "?symbol=" + sym,
		AlertHref: pathAlerts + "?symbol=" + sym, Filings: p.Filings,
	}
	v.Header = append(v.Header, multiRows(d, p)...)
	trust := section{ID: "trust", Title: "Trust", Rows: rowsOf(d, "trust", &p.SPAC, p.Citations, trustSpecs)}
	trust.add(tableOf(d, "Trust account by balance-sheet date", p.TrustSeries,
		func(t *spac.TrustPoint) []spac.Citation { return t.Citations }, trustPointSpecs))
	v.Chart = buildChart(p)
	if len(trust.Rows) == 0 && len(trust.Tables) == 0 {
		trust.Note = "No trust figures: the SPAC has not completed its IPO, or its trust was released."
	}
	v.Sections = append(v.Sections, trust, offeringSection(d, p), votesSection(d, p), extensionsSection(d, p),
		combinationSection(d, p), liquidationSection(d, p))
	for _, h := range p.StatusHistory {
		v.History = append(v.History, historyRow{
			Status: d.value(label(string(h.Status)), kText, []spac.Citation{h.Citation}, h.Citation.Field), Date: h.Date})
	}
	return v
}

// multiRows are the multi-valued header fields: previous tickers and names.
func multiRows(d *ids, p *spac.Profile) []fieldRow {
	var out []fieldRow
	if vs := d.values(p.Tickers.Previous, p.Citations, "tickers.previous"); len(vs) > 0 {
		out = append(out, fieldRow{ID: "spac-tickers.previous", Label: "Previous tickers", Values: vs})
	}
	if vs := d.values(p.PreviousNames, p.Citations, "previous_names"); len(vs) > 0 {
		out = append(out, fieldRow{ID: "spac-previous_names", Label: "Previous names", Values: vs})
	}
	return out
}

func offeringSection(d *ids, p *spac.Profile) section {
	o := &p.Offering
	s := section{ID: "offering", Title: "Offering", Rows: rowsOf(d, "offering", o, o.Citations, offeringSpecs)}
	if vs := d.values(o.Underwriters, o.Citations, "underwriters"); len(vs) > 0 {
		s.Rows = append(s.Rows, fieldRow{ID: "offering-underwriters", Label: "Underwriters", Values: vs})
	}
	if len(s.Rows) == 0 {
		s.Note = "No offering terms filed yet."
	}
	return s
}

func votesSection(d *ids, p *spac.Profile) section {
	s := section{ID: "votes", Title: "Votes and redemptions"}
	s.add(tableOf(d, "Shareholder meetings", p.Votes, func(v *spac.Vote) []spac.Citation { return v.Citations }, voteSpecs),
		tableOf(d, "Redemptions", p.Redemptions, func(r *spac.Redemption) []spac.Citation { return r.Citations }, redemptionSpecs))
	if len(s.Tables) == 0 {
		s.Note = "No shareholder meeting reported."
	}
	return s
}

func extensionsSection(d *ids, p *spac.Profile) section {
	s := section{ID: "extensions", Title: "Extensions"}
	s.add(tableOf(d, "Deadline extensions", p.Extensions, func(x *spac.Extension) []spac.Citation { return x.Citations }, extensionSpecs))
	if pe := p.PendingExtension; pe != nil {
		s.Rows = rowsOf(d, "pending", pe, pe.Citations, pendingSpecs)
		s.RowsTitle = "Proposed extension (the proxy's terms; the vote is not reported yet)"
	}
	if len(s.Tables) == 0 && len(s.Rows) == 0 {
		s.Note = "No extension."
	}
	return s
}

func combinationSection(d *ids, p *spac.Profile) section {
	s := section{ID: "combination", Title: "Business combination"}
	cb := p.Combination
	if cb == nil {
		s.Note = "No business combination announced."
		return s
	}
	s.Rows = rowsOf(d, "combination", cb, cb.Citations, combinationSpecs)
	s.Rows = append(s.Rows, rowsOf(d, "pipe", &cb.PIPE, cb.PIPE.Citations, pipeSpecs)...)
	s.Rows = append(s.Rows, rowsOf(d, "fpa", &cb.FPA, cb.FPA.Citations, fpaSpecs)...)
	s.Rows = append(s.Rows, rowsOf(d, "earnout", &cb.Earnout, cb.Earnout.Citations, earnoutSpecs)...)
	s.add(tableOf(d, "Lock-ups", cb.Lockups, func(l *spac.Lockup) []spac.Citation { return l.Citations }, lockupSpecs))
	return s
}

func liquidationSection(d *ids, p *spac.Profile) section {
	s := section{ID: "liquidation", Title: "Liquidation"}
	if l := p.Liquidation; l != nil {
		s.Rows = rowsOf(d, "liquidation", l, l.Citations, liquidationSpecs)
	}
	if len(s.Rows) == 0 {
		s.Note = "No liquidation announced."
	}
	return s
}
