package news

import (
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// headlineFor decides what kind of notable event the filing is and writes its headline; the
// zero headline means the filing is not notable. cs are the profile's citations of the filing.
// The order matters for 8-Ks, which report several items: an IPO-closing 8-K usually also
// reports Item 1.01 (underwriting and trust agreements), so the IPO is recognised first by its
// cited IPO date, and Item 1.01 only counts as a deal when a deal value is cited from it.
func headlineFor(p spac.Profile, f spac.Filing, cs []spac.Citation) headline {
	switch f.BaseForm() {
	case "424B4":
		return ipoHeadline(p, f, cs, "prices")
	case "DEFM14A":
		return proxyHeadline(p, f, cs)
	case "8-K":
		return eightKHeadline(p, f, cs)
	}
	return headline{}
}

func eightKHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation) headline {
	_, closed := statusSet(p, f.Accession, spac.StatusClosed)
	_, liquidating := statusSet(p, f.Accession, spac.StatusLiquidating)
	switch {
	case f.HasItem("2.01") || closed || has(cs, "closing_date"):
		return dealHeadline(p, f, cs, "completes business combination with", "closing_date")
	case f.HasItem("1.02") || has(cs, "termination_date"):
		return dealHeadline(p, f, cs, "terminates business combination agreement with", "termination_date")
	case liquidating || liquidationCited(p, f.Accession):
		return liquidationHeadline(p, f, cs)
	case has(cs, "ipo_date"):
		return ipoHeadline(p, f, cs, "completes")
	case has(cs, "agreement_date") || has(cs, "target") && f.HasItem("1.01"):
		return dealHeadline(p, f, cs, "enters business combination agreement with", "agreement_date")
	case f.HasItem("5.07"):
		return voteHeadline(p, f, cs)
	}
	return headline{}
}

// liquidationCited reports whether the profile's liquidation cites the filing.
func liquidationCited(p spac.Profile, accession string) bool {
	if p.Liquidation == nil {
		return false
	}
	for _, c := range p.Liquidation.Citations {
		if c.Accession == accession {
			return true
		}
	}
	return false
}

func has(cs []spac.Citation, field string) bool {
	_, ok := citedField(cs, field)
	return ok
}

// companyName is the SPAC's name as of the filing: after a de-SPAC the profile carries the
// combined company's name, which would make "X completes business combination" read oddly.
func companyName(p spac.Profile, f spac.Filing) string {
	name := p.Name
	if p.Combination != nil && p.Combination.NewName != "" && strings.EqualFold(name, p.Combination.NewName) &&
		f.CompanyName != "" && !strings.EqualFold(f.CompanyName, p.Combination.NewName) {
		name = f.CompanyName
	}
	if name == "" {
		name = f.CompanyName
	}
	return name
}

func ipoHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation, verb string) headline {
	h := headline{title: companyName(p, f) + " " + verb + " initial public offering"}
	if c, ok := citedField(cs, "gross_proceeds"); ok && p.Offering.GrossProceeds != "" {
		h.title = companyName(p, f) + " " + verb + " " + money(p.Offering.GrossProceeds) + " initial public offering"
		h.lead = c
	} else if c, ok := citedField(cs, "units_offered"); ok && p.Offering.UnitsOffered != "" {
		h.title += " of " + integer(p.Offering.UnitsOffered) + " units"
		h.lead = c
	}
	if c, ok := citedField(cs, "trust_size"); ok && p.TrustSize != "" && verb == "completes" {
		h.title += "; " + money(p.TrustSize) + " placed in trust"
		if h.lead.Line == 0 {
			h.lead = c
		}
	}
	if h.lead.Line == 0 {
		h.lead = firstOf(cs, "ipo_date", "unit_price", "status")
	}
	return h
}

// dealHeadline: agreement, termination or closing of the business combination with the target.
func dealHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation, verb, dateField string) headline {
	h := headline{lead: firstOf(cs, dateField, "target", "status")}
	target, tc := targetOf(p)
	if target == "" {
		phrase := strings.TrimSuffix(verb, " with")
		return headline{title: companyName(p, f) + " " + phrase, lead: h.lead}
	}
	h.title = companyName(p, f) + " " + verb + " " + target
	if tc.Accession != f.Accession {
		h.extra = append(h.extra, tc)
	}
	if c := p.Combination; dateField == "closing_date" && c.NewName != "" && !strings.EqualFold(c.NewName, target) {
		if nc, ok := citedField(c.Citations, "new_name"); ok {
			h.title += "; combined company named " + c.NewName
			h.extra = append(h.extra, nc)
		}
	}
	return h
}

func targetOf(p spac.Profile) (string, spac.Citation) {
	if p.Combination == nil || p.Combination.Target == "" {
		return "", spac.Citation{}
	}
	c, ok := citedField(p.Combination.Citations, "target")
	if !ok {
		return "", spac.Citation{} // an uncited target is never written
	}
	return p.Combination.Target, c
}

func liquidationHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation) headline {
	h := headline{title: companyName(p, f) + " announces liquidation", lead: firstOf(cs, "price_per_share", "status")}
	if l := p.Liquidation; l != nil && l.PricePerShare != "" && has(l.Citations, "price_per_share") &&
		has(cs, "price_per_share") {
		h.title += "; public shares to be redeemed at " + price(l.PricePerShare)
	}
	return h
}

func proxyHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation) headline {
	h := headline{title: companyName(p, f) + " files definitive proxy for business combination",
		lead: firstOf(cs, "meeting_date", "status")}
	if target, tc := targetOf(p); target != "" {
		h.title += " with " + target
		if tc.Accession != f.Accession {
			h.extra = append(h.extra, tc)
		}
	}
	if v, ok := voteOf(p, f.Accession); ok && v.MeetingDate != "" && has(v.Citations, "meeting_date") {
		h.title += "; shareholders meet " + longDate(v.MeetingDate)
	}
	return h
}

func voteHeadline(p spac.Profile, f spac.Filing, cs []spac.Citation) headline {
	v, ok := voteOf(p, f.Accession)
	if !ok {
		return headline{}
	}
	what := "shareholder meeting"
	switch v.Kind {
	case "extension":
		what = "extension meeting"
	case "business_combination":
		what = "business combination meeting"
	}
	h := headline{title: companyName(p, f) + " reports results of " + what, lead: firstOf(cs, "for", "meeting_date", "kind")}
	for _, r := range p.Redemptions {
		if r.Accession == f.Accession && r.SharesRedeemed != "" && has(r.Citations, "shares_redeemed") {
			h.title += "; " + integer(r.SharesRedeemed) + " shares redeemed"
			break
		}
	}
	return h
}

func voteOf(p spac.Profile, accession string) (spac.Vote, bool) {
	for _, v := range p.Votes {
		if v.Accession == accession {
			return v, true
		}
	}
	return spac.Vote{}, false
}

// firstOf returns the first citation among cs of the first field present, else cs[0].
func firstOf(cs []spac.Citation, fields ...string) spac.Citation {
	for _, f := range fields {
		if c, ok := citedField(cs, f); ok {
			return c
		}
	}
	if len(cs) > 0 {
		return cs[0]
	}
	return spac.Citation{}
}

// money writes a decimal amount as dollars: "250000000.00" -> "$250,000,000".
func money(dec string) string {
	whole, frac, _ := strings.Cut(dec, ".")
	if strings.Trim(frac, "0") != "" {
		return "$" + integer(whole) + "." + (frac + "00")[:2]
	}
	return "$" + integer(whole)
}

// price writes a per-share amount with cents: "10.2300" -> "$10.23".
func price(dec string) string {
	whole, frac, _ := strings.Cut(dec, ".")
	return "$" + integer(whole) + "." + (frac + "00")[:2]
}

// integer groups thousands: "12345678" -> "12,345,678".
func integer(s string) string { return spac.GroupThousands(s) }

func longDate(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.Format("January 2, 2006")
}
