package delisting

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func TestDelisting(t *testing.T) {
	r := extracttest.Filing("25-NSE", nil, "The removal of the securities from listing will be effective on December 22, 2023.")
	facts := Delisting(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldDelistingDate: {"2023-12-22"}, spac.FieldStatus: {"liquidated"},
	})

	r = extracttest.Filing("25", nil, "Notification of removal from listing.")
	facts = Delisting(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{spac.FieldDelistingDate: {"2025-03-10"}})
	for _, f := range facts {
		if c := f.Citation; f.Field == spac.FieldDelistingDate && (c.Quote != "20250310" || c.Line != 5) {
			t.Errorf("filed-date citation = line %d %q, want the FILED AS OF DATE line", c.Line, c.Quote)
		}
	}
}

func TestDeregistrationAndWithdrawal(t *testing.T) {
	r := extracttest.Filing("15-12G", nil, "Certification and notice of termination of registration.")
	facts := Deregistration(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{
		spac.FieldDeregistrationDate: {"2025-03-10"}, spac.FieldStatus: {"liquidated"},
	})
	r = extracttest.Filing("RW", nil, "Application for withdrawal of registration statement.")
	facts = Withdrawal(r)
	extracttest.CheckCited(t, r, facts)
	extracttest.Expect(t, facts, map[string][]string{spac.FieldStatus: {"withdrawn"}, spac.FieldName: {"Maple Ridge Acquisition Corp"}})
}
