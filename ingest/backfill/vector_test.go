package backfill_test

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/extract/extracttest"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// vectorFloor is how many of the checks below the folded Vector profile passes today: raise it
// with every improvement, never lower it. All pass: the proposal sentences of the IPO 8-K, the
// agreement 8-K and the S-4/A (a meeting kind and nothing else) are no meeting, and the vote
// 8-K (item 5.07) and the closing 8-K (item 2.01) reporting the same redemption fold into one;
// closed cites the closing 8-K's Item 2.01, not the vote 8-K's expected closing; the offering
// is the closed figures, over-allotment included.
const vectorFloor = 37

const vectorCIK = spac.CIK("0001819994")

// TestVectorBackfill is the end-to-end test over a real SPAC's life: the fake EDGAR serves the
// 18 filings of Vector Acquisition Corporation (../shared/realdata/vector, each text in its
// full-submission envelope from docs.tsv) with the company as EDGAR shows it today (Rocket
// Lab USA, SIC 3760, formerly Vector Acquisition Corp); a discovery backfill since July 2020
// finds it as a former SPAC, fetches the 18 filings and folds them. The profile is checked
// against the answer key (answers.tsv) field by field - a value must be one the key gives for
// that field - and every citation of the profile must sit on a line holding its quote.
func TestVectorBackfill(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts 18 real filings (minutes under the race detector); run without -short")
	}
	dir := filepath.Join(polltest.RealdataDir(), "vector")
	docs, err := extracttest.ReadDocs(dir)
	if polltest.RealdataDir() == "" || err != nil {
		t.Skipf("real data not available (../shared/realdata beside the checkout): %v", err)
	}
	key := readKey(t, dir)
	fake, clock := polltest.New(t), newClock()
	fake.SetClock(clock.Now)
	for name, d := range docs {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		fake.Archive(name, extracttest.Envelope(d, string(text)))
	}
	fake.SetCompany(vectorCIK, polltest.Company{Name: "Rocket Lab USA, Inc.", SIC: "3760", Tickers: []string{"RKLB"},
		FormerNames: []edgar.FormerName{{Name: "Vector Acquisition Corp", From: "2020-07-29T00:00:00.000Z", To: "2021-08-25T00:00:00.000Z"}}})
	e := newEnv(t, fake, clock, 1000)
	cfg := e.config(fake, clock)
	cfg.Since = cfg.Since.AddDate(0, 6, 0)
	sum := e.run(t, cfg)
	if sum.SPACs != 1 || sum.Fetched != len(docs) {
		t.Fatalf("summary %+v; want Vector found and its %d filings fetched", sum, len(docs))
	}
	p, err := e.db.Profile(context.Background(), vectorCIK)
	if err != nil {
		t.Fatal(err)
	}
	checkAllCited(t, e, p)
	right := 0
	checks := vectorChecks(p, key)
	for _, c := range checks {
		if c.ok {
			right++
			continue
		}
		t.Logf("WRONG %s: got %q", c.name, c.got)
	}
	t.Logf("Vector profile: %d of %d checks right", right, len(checks))
	if right < vectorFloor {
		t.Errorf("%d checks right, below the floor of %d", right, vectorFloor)
	}
}

// answerKey maps a field of answers.tsv to every value it gives, over all documents.
type answerKey map[string][]string

func readKey(t *testing.T, dir string) answerKey {
	t.Helper()
	rows, err := extracttest.ReadTSV(filepath.Join(dir, "answers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	key := answerKey{}
	for _, r := range rows {
		key[r["field"]] = append(key[r["field"]], r["value"])
	}
	return key
}

// holds reports whether got is a value the key gives for field (numbers compared as numbers,
// text case- and punctuation-insensitively, one containing the other).
func (k answerKey) holds(field, got string) bool {
	if got == "" {
		return false
	}
	return slices.ContainsFunc(k[field], func(want string) bool { return sameValue(want, got) })
}

func sameValue(want, got string) bool {
	clean := strings.NewReplacer(",", "", "$", "")
	a, okA := new(big.Rat).SetString(clean.Replace(want))
	b, okB := new(big.Rat).SetString(clean.Replace(got))
	if okA && okB {
		return a.Cmp(b) == 0
	}
	x, y := normText(want), normText(got)
	return x != "" && y != "" && (strings.Contains(x, y) || strings.Contains(y, x))
}

var (
	nonWordRe   = regexp.MustCompile(`[^a-z0-9]+`)
	stopWordsRe = regexp.MustCompile(`\b(the|inc|llc|lp|l p|ltd|corp|corporation|co)\b`)
)

func normText(v string) string {
	v = nonWordRe.ReplaceAllString(strings.ToLower(v), " ")
	return strings.Join(strings.Fields(stopWordsRe.ReplaceAllString(v, " ")), " ")
}

// check is one expectation of the profile.
type check struct {
	name string
	got  string
	ok   bool
}

// vectorChecks lists every expectation: status and its history, the IPO terms, the trust
// series, the PIPE and minimum cash, the meeting and its votes, the redemption, the closing.
func vectorChecks(p spac.Profile, k answerKey) []check {
	o, c := p.Offering, p.Combination
	if c == nil {
		c = &spac.Combination{}
	}
	var history []string
	for _, s := range p.StatusHistory {
		history = append(history, string(s.Status))
	}
	out := []check{
		{"status", string(p.Status), p.Status == spac.StatusClosed},
		{"status history", strings.Join(history, ","), strings.Join(history, ",") == "pre_ipo,searching,combination_announced,in_vote,closed"},
		statusCause(p, spac.StatusPreIPO, "0001104659-20-103116"), // the S-1, not its amendment
		statusCause(p, spac.StatusClosed, "0001193125-21-262190"), // the closing 8-K (Item 2.01), not the vote's "expected to be consummated"
		keyed(k, "ipo_date", "ipo_date", p.IPODate),
		keyed(k, "units_offered", "units_offered", o.UnitsOffered),
		keyed(k, "unit_price", "unit_price", o.UnitPrice),
		keyed(k, "unit_structure", "unit_structure", o.UnitStructure),
		keyed(k, "warrant_exercise_price", "warrant_exercise_price", o.WarrantExercisePrice),
		keyed(k, "trust_per_unit", "trust_per_unit", o.TrustPerUnit),
		keyed(k, "trust_amount", "trust_size", o.TrustAmount),
		keyed(k, "deadline_months", "deadline_months", o.DeadlineMonths),
		closedFigures(o),
		keyed(k, "private_placement", "private_placement", o.PrivatePlacement),
		{"underwriters", strings.Join(o.Underwriters, "; "), len(o.Underwriters) == 2 && k.holds("underwriter", o.Underwriters[0]) && k.holds("underwriter", o.Underwriters[1])},
		trustSeries(p.TrustSeries),
		keyed(k, "pipe.amount", "pipe_amount", c.PIPE.Amount),
		keyed(k, "pipe.price", "pipe_price", c.PIPE.Price),
		keyed(k, "pipe.shares", "pipe_shares", c.PIPE.Shares),
		keyed(k, "minimum_cash", "minimum_cash", c.MinimumCash),
	}
	out = append(out, meetingChecks(p.Votes, k)...)
	out = append(out, redemptionChecks(p.Redemptions, k)...)
	return append(out,
		keyed(k, "closing_date", "closing_date", c.ClosingDate),
		keyed(k, "new_name", "new_name", c.NewName),
		keyed(k, "new_ticker", "new_ticker", c.NewTicker),
		keyed(k, "target", "target", c.Target),
		keyed(k, "agreement_date", "agreement_date", c.AgreementDate),
	)
}

// closedFigures expects the offering as it closed, one set: 30,000,000 units and 2,000,000
// more on the over-allotment (October 2020), $320,000,000 of proceeds and in trust, the
// $8,400,000 placement (the key gives the IPO 8-K's $300,000,000 of the base deal too).
func closedFigures(o spac.Offering) check {
	got := strings.Join([]string{o.UnitsOffered, o.OverAllotmentUnits, o.GrossProceeds, o.TrustAmount, o.PrivatePlacement}, " ")
	return check{"closed offering figures", got, got == "32000000 2000000 320000000.00 320000000.00 8400000.00"}
}

// statusCause checks that the change to status cites the filing accession.
func statusCause(p spac.Profile, status spac.Status, accession string) check {
	for _, h := range p.StatusHistory {
		if h.Status == status {
			return check{string(status) + " cites " + accession, h.Citation.Filing + " " + h.Citation.Accession + " " + h.Citation.Quote, h.Citation.Accession == accession}
		}
	}
	return check{string(status) + " cites " + accession, "", false}
}

func keyed(k answerKey, name, field, got string) check {
	return check{name: name, got: got, ok: k.holds(field, got)}
}

// trustSeries expects the four balance-sheet dates of the reports with the balance the key
// gives for each report (10-Q of 2020-09-30, 10-K of 2020-12-31, 10-Qs of 2021-03-31 and
// 2021-06-30).
func trustSeries(points []spac.TrustPoint) check {
	want := map[string]string{"2020-09-30": "300000000.00", "2020-12-31": "320004846.00", "2021-03-31": "320009656.00", "2021-06-30": "320014519.00"}
	var got []string
	ok := len(points) == len(want)
	for _, pt := range points {
		got = append(got, pt.Date+"="+pt.Balance)
		ok = ok && want[pt.Date] != "" && sameValue(want[pt.Date], pt.Balance)
	}
	return check{"trust series", strings.Join(got, ","), ok}
}

// meetingChecks expect one business-combination meeting with its dates and votes.
func meetingChecks(votes []spac.Vote, k answerKey) []check {
	var m spac.Vote
	for _, v := range votes {
		if v.For != "" || v.MeetingDate != "" {
			m = v
		}
	}
	return []check{
		{"one meeting", strings.Repeat("vote ", len(votes)), len(votes) == 1 && votes[0].Kind == "business_combination"},
		keyed(k, "meeting_date", "meeting_date", m.MeetingDate),
		keyed(k, "record_date", "record_date", m.RecordDate),
		keyed(k, "redemption_deadline", "redemption_deadline", m.RedemptionDeadline),
		keyed(k, "votes for", "votes_for", m.For),
		keyed(k, "votes against", "votes_against", m.Against),
		keyed(k, "votes abstain", "votes_abstain", m.Abstain),
	}
}

// redemptionChecks expect one redemption; every value any entry states must be the key's.
func redemptionChecks(rs []spac.Redemption, k answerKey) []check {
	field := func(name, keyField string, get func(spac.Redemption) string) check {
		var got []string
		ok := len(rs) > 0
		for _, r := range rs {
			if v := get(r); v != "" {
				got = append(got, v)
				ok = ok && k.holds(keyField, v)
			}
		}
		return check{name, strings.Join(got, ","), ok && len(got) > 0}
	}
	return []check{
		{"one redemption", strings.Repeat("redemption ", len(rs)), len(rs) == 1},
		field("shares_redeemed", "shares_redeemed", func(r spac.Redemption) string { return r.SharesRedeemed }),
		field("redemption price", "redemption_price", func(r spac.Redemption) string { return r.Price }),
		field("redemption amount", "redemption_amount", func(r spac.Redemption) string { return r.Amount }),
		field("shares_remaining", "shares_remaining", func(r spac.Redemption) string { return r.SharesRemaining }),
	}
}
