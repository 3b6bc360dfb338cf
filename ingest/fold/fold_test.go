package fold

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

func TestLaterFilingWins(t *testing.T) {
	prospectus := step{form: "424B4", filed: "2021-03-08", facts: []fv{
		f(spac.FieldSponsor, "Maple Ridge Sponsor II LLC"),
		fq(spac.FieldUnitsOffered, "22000000", "22,000,000"),
		fq(spac.FieldTrustSize, "220000000.00", "$220,000,000"),
	}}
	p, _ := foldSteps([]step{s1, prospectus, ipo8K})
	tests := []struct{ name, got, want, accession string }{
		{"sponsor from the 424B4 over the S-1", p.Sponsor, "Maple Ridge Sponsor II LLC", accessionFor(1, "2021-03-08")},
		{"trust size from the IPO 8-K", p.TrustSize, "250000000.00", accessionFor(2, "2021-03-12")},
		{"units offered from the IPO 8-K", p.Offering.UnitsOffered, "25000000", accessionFor(2, "2021-03-12")},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if c := citationFor(t, p.Citations, "sponsor"); c.Accession != tests[0].accession || c.Quote != "Maple Ridge Sponsor II LLC" {
		t.Errorf("sponsor citation = %+v", c)
	}
	if c := citationFor(t, p.Citations, "trust_size"); c.Accession != tests[1].accession || c.Quote != "$250,000,000" {
		t.Errorf("trust_size citation = %+v", c)
	}
}

// Filings filed the same day are ordered by acceptance time, then accession.
func TestSameDayOrderedByAcceptance(t *testing.T) {
	filings, facts := build([]step{
		{form: "8-K", filed: "2022-03-01", facts: []fv{f(spac.FieldSponsor, "First Sponsor LLC")}},
		{form: "8-K", filed: "2022-03-01", facts: []fv{f(spac.FieldSponsor, "Second Sponsor LLC")}},
	})
	filings[0].AcceptedAt = filings[1].AcceptedAt.Add(1) // the first accession was accepted last
	p, _ := Fold(testCIK, filings, facts)
	if p.Sponsor != "First Sponsor LLC" {
		t.Errorf("sponsor = %q, want the filing accepted last", p.Sponsor)
	}
}

func TestAmendmentsSupersede(t *testing.T) {
	s1a := step{form: "S-1/A", filed: "2021-02-20", facts: []fv{
		fq(spac.FieldTrustSize, "250000000.00", "$250,000,000"),
		f(spac.FieldUnderwriter, "Citigroup Global Markets Inc."),
		f(spac.FieldUnderwriter, "BTIG, LLC"),
	}}
	tenK := step{form: "10-K", filed: "2022-03-30", period: "2021-12-31", facts: []fv{
		fp(spac.FieldTrustBalance, "250010000.00", "2021-12-31"),
		fp(spac.FieldSharesSubjectToRed, "25000000", "2021-12-31"),
	}}
	tenKA := step{form: "10-K/A", filed: "2022-05-20", period: "2021-12-31", facts: []fv{
		fp(spac.FieldTrustBalance, "250020000.00", "2021-12-31"),
	}}
	vote8KA := mergerVote.at("2022-10-05")
	vote8KA.form, vote8KA.amends = "8-K/A", "#3"
	vote8KA.facts = []fv{fq(spac.FieldSharesRedeemed, "14200000", "14,200,000"), fq(spac.FieldVotesFor, "17300000", "17,300,000")}

	p, _ := foldSteps([]step{s1, s1a, tenK, mergerVote, tenKA, vote8KA})

	// the 10-K/A's share count less the shares the 8-K/A restates as redeemed, at the vote's
	// redemption price (which survives the amendment, since the 8-K/A does not restate it)
	if p.TrustSize != "109512000.00" || p.PublicShares != "10800000" || p.TrustPerShare != "10.1400" || p.TrustAsOf != "2022-09-29" {
		t.Errorf("trust_size = %s public shares %s per share %s as of %s, want the shares left after the 8-K/A's redemption at its price",
			p.TrustSize, p.PublicShares, p.TrustPerShare, p.TrustAsOf)
	}
	if want := []string{"Citigroup Global Markets Inc.", "BTIG, LLC"}; !slices.Equal(p.Offering.Underwriters, want) {
		t.Errorf("underwriters = %v, want the S-1/A list %v", p.Offering.Underwriters, want)
	}
	if len(p.TrustSeries) != 1 || p.TrustSeries[0].Balance != "250020000.00" ||
		p.TrustSeries[0].SharesSubjectToRedemption != "25000000" {
		t.Errorf("trust series = %+v, want one restated point keeping the unrestated share count", p.TrustSeries)
	}
	if len(p.Redemptions) != 1 || p.Redemptions[0].SharesRedeemed != "14200000" || p.Redemptions[0].Amount != "143000000.00" {
		t.Errorf("redemptions = %+v, want one, amended shares and original amount", p.Redemptions)
	}
	if len(p.Votes) != 1 || p.Votes[0].For != "17300000" || p.Votes[0].Against != "1020000" {
		t.Errorf("votes = %+v, want one with amended votes for", p.Votes)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
}

func TestDeadline(t *testing.T) {
	ipoOn := func(date, months string) []step {
		return []step{
			{form: "S-1", filed: "2020-11-02", facts: []fv{f(spac.FieldDeadlineMonths, months)}},
			{form: "8-K", filed: date, facts: []fv{f(spac.FieldIPODate, date)}},
		}
	}
	tests := []struct {
		name    string
		steps   []step
		want    string
		derived bool
	}{
		{"24 months", ipoOn("2021-03-10", "24"), "2023-03-10", true},
		{"clamped to month end", ipoOn("2021-01-31", "1"), "2021-02-28", true},
		{"leap year", ipoOn("2020-01-31", "1"), "2020-02-29", true},
		{"18 months from a 31st", ipoOn("2021-08-31", "18"), "2023-02-28", true},
		{"extension 8-K overrides", append(ipoOn("2021-03-10", "24"), ext503.at("2023-03-01")), "2023-06-10", false},
		{"proxy proposal does not", append(ipoOn("2021-03-10", "24"), extProxy.at("2023-02-01")), "2023-03-10", true},
		{"stated deadline", append(ipoOn("2021-03-10", "24"), step{form: "10-K", filed: "2022-03-30",
			facts: []fv{fq(spac.FieldDeadline, "2023-03-11", "March 11, 2023")}}), "2023-03-11", false},
		{"latest extension wins", append(ipoOn("2021-03-10", "24"), ext503.at("2023-03-01"),
			step{form: "8-K", filed: "2023-06-05", items: []string{"8.01"}, facts: []fv{
				fq(spac.FieldExtensionDeposit, "160000.00", "$160,000"),
				fq(spac.FieldNewDeadline, "2023-07-10", "July 10, 2023")}}), "2023-07-10", false},
		{"no months, no deadline", []step{{form: "8-K", filed: "2021-03-12", facts: []fv{f(spac.FieldIPODate, "2021-03-10")}}}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			if p.Deadline != tt.want {
				t.Fatalf("deadline = %q, want %q", p.Deadline, tt.want)
			}
			if tt.want == "" {
				return
			}
			c := citationFor(t, p.Citations, "deadline")
			if got := c.Basis == spac.BasisDerived; got != tt.derived {
				t.Errorf("basis = %s, derived want %v", c.Basis, tt.derived)
			}
			if tt.derived {
				if len(c.Inputs) != 2 || c.Inputs[0].Field != "ipo_date" || c.Inputs[1].Field != "deadline_months" {
					t.Errorf("inputs = %+v", c.Inputs)
				}
			}
		})
	}
}

func TestExtensionsAreFiledNotProposed(t *testing.T) {
	deposit := step{form: "8-K", filed: "2023-06-05", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldExtensionDeposit, "160000.00", "$160,000"),
		fq(spac.FieldNewDeadline, "2023-07-10", "July 10, 2023"),
	}}
	p, _ := foldSteps([]step{s1, ipo8K, extProxy, extVote, ext503.at("2022-12-09"), deposit})
	if len(p.Extensions) != 2 {
		t.Fatalf("extensions = %+v, want the 5.03 and the deposit", p.Extensions)
	}
	if e := p.Extensions[1]; e.NewDeadline != "2023-07-10" || e.Deposit != "160000.00" || e.Date != "2023-06-05" {
		t.Errorf("deposit extension = %+v", e)
	}
	if c := citationFor(t, p.Extensions[1].Citations, "date"); c.Basis != spac.BasisDerived {
		t.Errorf("filing-date citation = %+v, want derived", c)
	}
}

func TestTickerHistory(t *testing.T) {
	renamed := step{form: "10-Q", filed: "2021-11-12", facts: []fv{
		f(spac.FieldTickerShares, "MRAQ"), f(spac.FieldTickerUnits, "MRACU"),
	}}
	tests := []struct {
		name             string
		steps            []step
		symbol, shares   string
		units, warrants  string
		previous         []string
		symbolFromFiling int
	}{
		{"units before listing", []step{{form: "S-1", filed: "2021-01-15", facts: []fv{f(spac.FieldTickerUnits, "MRACU")}}},
			"MRACU", "", "MRACU", "", nil, 0},
		{"share ticker change keeps the previous", []step{s1, renamed},
			"MRAQ", "MRAQ", "MRACU", "MRACW", []string{"MRAC"}, 1},
		{"closing retires the SPAC tickers", []step{s1, ipo8K, bca8K, closing8K},
			"NMBS", "NMBS", "", "", []string{"MRACU", "MRAC", "MRACW"}, 3},
		{"post-closing filings set new tickers, old ones stay retired", []step{s1, closing8K,
			{form: "10-Q", filed: "2022-11-10", facts: []fv{f(spac.FieldTickerWarrant, "NMBSW"), f(spac.FieldTickerShares, "MRAC")}}},
			"NMBS", "NMBS", "", "NMBSW", []string{"MRACU", "MRAC", "MRACW"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := foldSteps(tt.steps)
			tk := p.Tickers
			if p.Symbol != tt.symbol || tk.Shares != tt.shares || tk.Units != tt.units || tk.Warrants != tt.warrants {
				t.Errorf("symbol %q tickers %+v", p.Symbol, tk)
			}
			if !slices.Equal(tk.Previous, tt.previous) {
				t.Errorf("previous = %v, want %v", tk.Previous, tt.previous)
			}
			c := citationFor(t, p.Citations, "symbol")
			if s := tt.steps[tt.symbolFromFiling]; c.Accession != accessionFor(tt.symbolFromFiling, s.filed) {
				t.Errorf("symbol cited from %s, want %s", c.Accession, accessionFor(tt.symbolFromFiling, s.filed))
			}
			if problems := CheckCited(p); len(problems) > 0 {
				t.Errorf("uncited: %v", problems)
			}
		})
	}
}

// Before the closing the row is the SPAC; after it, the combined company, with the SPAC's name
// kept among the previous names (and searchable there).
func TestNameAfterClosing(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, bca8K})
	if p.Name != "MAPLE RIDGE ACQUISITION CORP." || len(p.PreviousNames) != 0 || p.Target != "Nimbus Robotics, Inc." {
		t.Errorf("announced: name %q previous %v target %q", p.Name, p.PreviousNames, p.Target)
	}
	p, _ = foldSteps([]step{s1, ipo8K, bca8K, closing8K})
	if p.Name != "Nimbus Robotics Holdings, Inc." || !slices.Equal(p.PreviousNames, []string{"MAPLE RIDGE ACQUISITION CORP."}) {
		t.Errorf("closed: name %q previous %v", p.Name, p.PreviousNames)
	}
	if c := citationFor(t, p.Citations, "name"); c.Quote != "Nimbus Robotics Holdings, Inc." || c.Accession != accessionFor(3, closing8K.filed) {
		t.Errorf("name citation %+v", c)
	}
	if c := citationFor(t, p.Citations, "previous_names"); c.Quote != "MAPLE RIDGE ACQUISITION CORP." {
		t.Errorf("previous name citation %+v", c)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
	// a terminated agreement's target is not the SPAC's target any more
	p, _ = foldSteps([]step{s1, ipo8K, bca8K, termination8K})
	if p.Target != "" {
		t.Errorf("terminated: target %q", p.Target)
	}
}

func TestCombinationTerms(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, bca8K, closing8K})
	c := p.Combination
	if c == nil {
		t.Fatal("no combination")
	}
	if c.Target != "Nimbus Robotics, Inc." || c.AgreementDate != "2022-06-01" || c.ClosingDate != "2022-10-03" ||
		c.PIPE.Amount != "50000000.00" || c.PIPE.Shares != "5000000" || c.MinimumCash != "75000000.00" {
		t.Errorf("combination = %+v", c)
	}
	wantExpiry := map[string]string{"180": "2023-04-01", "12": "2023-10-03"}
	if len(c.Lockups) != 2 {
		t.Fatalf("lockups = %+v", c.Lockups)
	}
	for _, l := range c.Lockups {
		if l.Expires != wantExpiry[l.Days+l.Months] {
			t.Errorf("lockup %+v expires %s, want %s", l, l.Expires, wantExpiry[l.Days+l.Months])
		}
		if e := citationFor(t, l.Citations, "expires"); e.Basis != spac.BasisDerived || len(e.Inputs) != 2 ||
			e.Inputs[0].Field != "closing_date" {
			t.Errorf("expiry citation = %+v", e)
		}
	}
}

func TestNewAgreementAfterTerminationStartsOver(t *testing.T) {
	newBCA := step{form: "8-K", filed: "2023-04-03", items: []string{"1.01"}, facts: []fv{
		fq(spac.FieldAgreementDate, "2023-04-01", "April 1, 2023"), f(spac.FieldTarget, "Orbital Freight Corp."),
	}}
	p, _ := foldSteps([]step{s1, ipo8K, bca8K, termination8K, newBCA})
	c := p.Combination
	if c.Target != "Orbital Freight Corp." || c.TerminationDate != "" || c.PIPE.Amount != "" || len(c.Lockups) != 0 {
		t.Errorf("combination = %+v, want only the new deal", c)
	}
	p, _ = foldSteps([]step{s1, ipo8K, bca8K, termination8K})
	if p.Combination.TerminationDate != "2023-01-15" || p.Combination.Target != "Nimbus Robotics, Inc." {
		t.Errorf("terminated combination = %+v", p.Combination)
	}
}

func TestLiquidation(t *testing.T) {
	p, _ := foldSteps([]step{s1, ipo8K, liquidation8K, form25})
	l := p.Liquidation
	if l == nil || l.Date != "2023-12-12" || l.PricePerShare != "10.3200" || l.DelistingDate != "2023-12-22" {
		t.Fatalf("liquidation = %+v", l)
	}
	p, _ = foldSteps([]step{s1, ipo8K, bca8K, closing8K, form25})
	if p.Liquidation != nil {
		t.Errorf("a closed de-SPAC delisting its old class is not a liquidation: %+v", p.Liquidation)
	}
}

// The same inputs in any order fold to the same profile and events.
func TestFoldIsOrderIndependent(t *testing.T) {
	filings, facts := build(lifecycleSteps())
	want, wantEvents := Fold(testCIK, filings, facts)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		fs, xs := slices.Clone(filings), slices.Clone(facts)
		rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		got, gotEvents := Fold(testCIK, fs, xs)
		if !reflect.DeepEqual(mustJSON(t, got), mustJSON(t, want)) ||
			!reflect.DeepEqual(mustJSON(t, gotEvents), mustJSON(t, wantEvents)) {
			t.Fatal("fold depends on input order")
		}
	}
}

func TestEmptyInputGivesArrays(t *testing.T) {
	p, events := Fold(testCIK, nil, nil)
	body := mustJSON(t, p)
	for _, key := range []string{"trust_series", "votes", "redemptions", "extensions", "status_history", "filings", "citations"} {
		if !strings.Contains(body, `"`+key+`":[]`) {
			t.Errorf("%s is not an empty array in %s", key, body)
		}
	}
	if events == nil || mustJSON(t, events) != "[]" {
		t.Errorf("events = %#v", events)
	}
}

// Bad facts are skipped, never a crash; the fold still cites everything it shows.
func TestBadInputDoesNotCrash(t *testing.T) {
	filings, facts := build([]step{
		{form: "S-1", filed: "2021-01-15", facts: []fv{
			f(spac.FieldDeadlineMonths, "twenty-four"), f(spac.FieldStatus, "unknown"),
			f(spac.FieldTickerShares, ""),
		}},
		{form: "8-K", filed: "2021-03-12", facts: []fv{
			f(spac.FieldIPODate, "March 10"), f(spac.FieldClosingDate, "not a date"),
			fp(spac.FieldTrustBalance, "100.00", "2021-13-45"), f(spac.FieldLockupDays, "-5"),
		}},
	})
	facts = append(facts, spac.Fact{Field: spac.FieldSponsor, Value: "Ghost LLC"}) // no citation
	facts = append(facts, spac.Fact{Field: spac.FieldSector, Value: "energy",      // unknown filing
		Citation: spac.Citation{Accession: "0009999999-21-000001", Filing: "424B4", FiledAt: "2021-03-09", Line: 12}})
	filings = append(filings, spac.Filing{}) // no accession
	p, events := Fold(testCIK, filings, facts)
	if p.Sponsor != "" || p.Deadline != "" || len(p.TrustSeries) != 0 {
		t.Errorf("bad values leaked: sponsor %q deadline %q series %+v", p.Sponsor, p.Deadline, p.TrustSeries)
	}
	if p.Sector != "industrials" || len(p.Filings) != 3 { // "energy", filed under the vocabulary
		t.Errorf("fact of an unknown filing dropped: sector %q filings %d", p.Sector, len(p.Filings))
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
	if problems := CheckCited(events); len(problems) > 0 {
		t.Errorf("uncited events: %v", problems)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestExchangeNamedByVenue: a 2009 prospectus's "NYSE Amex" is the venue now called NYSE
// American; the profile names the venue so, and its citation keeps the filing's words.
func TestExchangeNamedByVenue(t *testing.T) {
	p, _ := foldSteps([]step{{form: "424B4", filed: "2009-06-01", facts: []fv{fq(spac.FieldExchange, "NYSE Amex", "NYSE Amex")}}})
	if p.Exchange != "NYSE American" {
		t.Errorf("exchange = %q, want NYSE American", p.Exchange)
	}
	if c := citationFor(t, p.Citations, "exchange"); c.Quote != "NYSE Amex" {
		t.Errorf("exchange citation quote = %q", c.Quote)
	}
}
