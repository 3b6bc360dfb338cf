package fold

import (
	"fmt"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

const testCIK = spac.CIK("0001847577")

// fv is one fact of a test filing: field, normalised value and the text quoted for it.
type fv struct{ field, value, quote, period, party string }

// f builds a fact whose quote is the value as written.
func f(field, value string) fv { return fv{field: field, value: value, quote: value} }

// fq builds a fact with an explicit quote ("$250,000,000" for "250000000.00").
func fq(field, value, quote string) fv { return fv{field: field, value: value, quote: quote} }

// fl builds a fact of a party (a lock-up's period, or the words naming its party).
func fl(field, value, quote string, party spac.LockupParty) fv {
	return fv{field: field, value: value, quote: quote, party: string(party)}
}

// fp builds a periodic-report fact for a balance-sheet date.
func fp(field, value, period string) fv {
	return fv{field: field, value: value, quote: value, period: period}
}

// step is one filing of a test history.
type step struct {
	form, filed string
	items       []string
	period      string
	amends      string // accession, or "#n" for the accession of step n (0-based)
	facts       []fv
}

// accessionFor gives step i a realistic, stable accession number.
func accessionFor(i int, filed string) string {
	return fmt.Sprintf("0001193125-%s-%06d", filed[2:4], 10001+i*37)
}

// build turns steps into filings and facts with realistic citations: each fact is cited on
// its own line of the main document, quoting the value as written.
func build(steps []step) ([]spac.Filing, []spac.Fact) {
	var filings []spac.Filing
	var facts []spac.Fact
	for i, s := range steps {
		fl := spac.Filing{
			Accession: accessionFor(i, s.filed), Form: s.form, FiledAt: s.filed, CIK: testCIK,
			CompanyName: "Maple Ridge Acquisition Corp.", Items: s.items, Period: s.period,
			AcceptedAt: acceptedOn(s.filed),
		}
		if strings.HasPrefix(s.amends, "#") {
			var n int
			fmt.Sscanf(s.amends, "#%d", &n)
			fl.Amends = accessionFor(n, steps[n].filed)
		}
		doc := strings.ToLower(strings.NewReplacer(" ", "", "/", "").Replace(s.form)) + ".htm"
		fl.Documents = []spac.Document{{Type: s.form, Sequence: 1, Filename: doc, FirstLine: 20, LastLine: 2000}}
		filings = append(filings, fl)
		for j, x := range s.facts {
			line := 40 + 13*j
			facts = append(facts, spac.Fact{
				CIK: testCIK, Field: x.field, Value: x.value, Period: x.period, Party: x.party,
				Citation: spac.Citation{
					Field: x.field, Filing: s.form, Accession: fl.Accession, Line: line,
					Document: doc, URL: fl.ArchiveURL(), FiledAt: s.filed,
					Excerpt: "... " + x.quote + " ...", Quote: x.quote, Basis: spac.BasisStated,
				},
			})
		}
	}
	return filings, facts
}

// acceptedOn gives a filing date's acceptance time; a malformed date (fuzzing) gives zero.
func acceptedOn(date string) time.Time {
	t, _ := time.Parse(dateLayout, date)
	return t.Add(16 * time.Hour)
}

func foldSteps(steps []step) (spac.Profile, []spac.Event) {
	filings, facts := build(steps)
	return Fold(testCIK, filings, facts)
}

func statusesOf(p spac.Profile) []spac.Status {
	out := []spac.Status{}
	for _, h := range p.StatusHistory {
		out = append(out, h.Status)
	}
	return out
}

func citationFor(t *testing.T, cs []spac.Citation, field string) spac.Citation {
	t.Helper()
	c, ok := citationOf(cs, field)
	if !ok {
		t.Fatalf("no citation for %q in %+v", field, cs)
	}
	return c
}

// Reusable filings of the fictional Maple Ridge Acquisition Corp.
var (
	s1 = step{form: "S-1", filed: "2021-01-15", facts: []fv{
		f(spac.FieldName, "MAPLE RIDGE ACQUISITION CORP."),
		f(spac.FieldStatus, "pre_ipo"),
		fq(spac.FieldTrustSize, "200000000.00", "$200,000,000"),
		f(spac.FieldDeadlineMonths, "24"),
		f(spac.FieldSponsor, "Maple Ridge Sponsor LLC"),
		f(spac.FieldSector, "fintech"),
		f(spac.FieldExchange, "Nasdaq"),
		f(spac.FieldTickerUnits, "MRACU"),
		f(spac.FieldTickerShares, "MRAC"),
		f(spac.FieldTickerWarrant, "MRACW"),
		f(spac.FieldUnitStructure, "one Class A ordinary share and one-half of one redeemable warrant"),
		fq(spac.FieldWarrantExercise, "11.5000", "$11.50"),
		fq(spac.FieldWarrantTermMonths, "60", "five years"),
		f(spac.FieldUnderwriter, "Citigroup Global Markets Inc."),
		f(spac.FieldUnderwriter, "Cantor Fitzgerald & Co."),
	}}
	ipo8K = step{form: "8-K", filed: "2021-03-12", items: []string{"8.01", "9.01"}, facts: []fv{
		f(spac.FieldName, "MAPLE RIDGE ACQUISITION CORP."),
		fq(spac.FieldIPODate, "2021-03-10", "March 10, 2021"),
		fq(spac.FieldStatus, "searching", "consummated its initial public offering"),
		fq(spac.FieldUnitsOffered, "25000000", "25,000,000"),
		fq(spac.FieldIPOGrossProceeds, "250000000.00", "$250,000,000"),
		fq(spac.FieldTrustSize, "250000000.00", "$250,000,000"),
	}}
	bca8K = step{form: "8-K", filed: "2022-06-02", items: []string{"1.01", "9.01"}, facts: []fv{
		fq(spac.FieldAgreementDate, "2022-06-01", "June 1, 2022"),
		f(spac.FieldTarget, "Nimbus Robotics, Inc."),
		fq(spac.FieldStatus, "combination_announced", "entered into a Business Combination Agreement"),
		fq(spac.FieldPIPEShares, "5000000", "5,000,000"),
		fq(spac.FieldPIPEPrice, "10.0000", "$10.00"),
		fq(spac.FieldPIPEAmount, "50000000.00", "$50,000,000"),
		fq(spac.FieldLockupDays, "180", "180 days"),
		fq(spac.FieldLockupMonths, "12", "12 months"),
		fq(spac.FieldMinimumCash, "75000000.00", "$75,000,000"),
	}}
	mergerProxy = step{form: "DEFM14A", filed: "2022-09-10", facts: []fv{
		fq(spac.FieldMeetingDate, "2022-09-29", "September 29, 2022"),
		fq(spac.FieldRecordDate, "2022-08-31", "August 31, 2022"),
		fq(spac.FieldRedemptionDeadline, "2022-09-27", "September 27, 2022"),
		fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
		fq(spac.FieldStatus, "in_vote", "will be held on September 29, 2022"),
	}}
	mergerVote = step{form: "8-K", filed: "2022-09-30", items: []string{"5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2022-09-29", "September 29, 2022"),
		fq(spac.FieldMeetingKind, "business_combination", "Business Combination Proposal"),
		fq(spac.FieldVotesFor, "17215000", "17,215,000"),
		fq(spac.FieldVotesAgainst, "1020000", "1,020,000"),
		fq(spac.FieldVotesAbstain, "10000", "10,000"),
		fq(spac.FieldSharesRedeemed, "14103450", "14,103,450"),
		fq(spac.FieldRedemptionAmount, "143000000.00", "$143,000,000"),
		fq(spac.FieldRedemptionPrice, "10.1400", "$10.14"),
	}}
	closing8K = step{form: "8-K", filed: "2022-10-04", items: []string{"2.01", "5.03"}, facts: []fv{
		f(spac.FieldName, "NIMBUS ROBOTICS HOLDINGS, INC."),
		fq(spac.FieldClosingDate, "2022-10-03", "October 3, 2022"),
		fq(spac.FieldStatus, "closed", "consummated the previously announced business combination"),
		f(spac.FieldNewName, "Nimbus Robotics Holdings, Inc."),
		f(spac.FieldNewTicker, "NMBS"),
	}}
	extProxy = step{form: "DEF 14A", filed: "2022-11-15", facts: []fv{
		fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"),
		fq(spac.FieldRedemptionDeadline, "2022-12-06", "December 6, 2022"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
		fq(spac.FieldStatus, "in_extension", "Extension Amendment Proposal"),
	}}
	extVote = step{form: "8-K", filed: "2022-12-09", items: []string{"5.07"}, facts: []fv{
		fq(spac.FieldMeetingDate, "2022-12-08", "December 8, 2022"),
		fq(spac.FieldMeetingKind, "extension", "Extension Amendment Proposal"),
		fq(spac.FieldVotesFor, "17215000", "17,215,000"),
		fq(spac.FieldVotesAgainst, "1020000", "1,020,000"),
	}}
	ext503 = step{form: "8-K", filed: "2022-12-09", items: []string{"5.03", "5.07"}, facts: []fv{
		fq(spac.FieldNewDeadline, "2023-06-10", "June 10, 2023"),
		fq(spac.FieldStatus, "searching", "extend the date by which the Company must consummate"),
	}}
	termination8K = step{form: "8-K", filed: "2023-01-17", items: []string{"1.02"}, facts: []fv{
		fq(spac.FieldTerminationDate, "2023-01-15", "January 15, 2023"),
		fq(spac.FieldStatus, "searching", "terminated the Business Combination Agreement"),
	}}
	liquidation8K = step{form: "8-K", filed: "2023-11-28", items: []string{"8.01"}, facts: []fv{
		fq(spac.FieldLiquidationDate, "2023-12-12", "December 12, 2023"),
		fq(spac.FieldLiquidationPrice, "10.3200", "$10.32"),
		fq(spac.FieldStatus, "liquidating", "will redeem all of its outstanding public shares"),
	}}
	form25 = step{form: "25-NSE", filed: "2023-12-13", facts: []fv{
		fq(spac.FieldDelistingDate, "2023-12-22", "December 22, 2023"),
	}}
)

// at returns a copy of s filed on another date.
func (s step) at(filed string) step {
	s.filed = filed
	return s
}
