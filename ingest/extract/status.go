package extract

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// derivedStatus adds the facts that follow from the form itself or from other findings:
// an S-1 is pre-IPO, a Form 25 or 15 ends the listing, an RW withdraws; a merger proxy
// votes on a business combination (in vote once its meeting date is set); a 425 speaks of
// an announced combination. A status read from a sentence (package rules) wins over these.
func derivedStatus(x *reader, found []rule.Finding) []rule.Finding {
	d := x.d
	y := &reader{d: d}
	switch form := d.Form; {
	case form == "S-1" || form == "F-1":
		y.formStatus("form.pre_ipo", spac.StatusPreIPO)
	case form == "RW":
		y.formStatus("form.withdrawn", spac.StatusWithdrawn)
	case form == "25" || form == "25-NSE":
		// The removal takes effect days after the filing (Rule 12d2-2), so the filing date is
		// not the delisting date; only a stated effective date is read (package rules).
		y.formStatus("form.delisted", spac.StatusLiquidated)
	case form == "15-12G" || form == "15-12B" || form == "15-15D":
		y.filedDate("form.deregistration_date", spac.FieldDeregistrationDate)
		y.formStatus("form.deregistered", spac.StatusLiquidated)
	case d.Class == doc.MergerProxy || d.Class == doc.Proxy:
		mergerVote(y, found)
	case d.Class == doc.Communication:
		y.formStatus("form.communication", spac.StatusCombinationAnnounced)
	}
	for i := range y.out {
		y.out[i].Priority = 0 // below any status a rule read
	}
	return y.out
}

// mergerVote: a merger proxy (or a proxy whose meeting votes on a business combination) is
// about a business combination; a definitive one with its meeting date set puts the SPAC in
// the vote; an S-4/F-4 announces the combination.
func mergerVote(y *reader, found []rule.Finding) {
	d := y.d
	kind := first(found, spac.FieldMeetingKind)
	merging := d.Class == doc.MergerProxy
	if merging && kind == nil {
		n, v := y.headerValue("CONFORMED SUBMISSION TYPE")
		y.add("form.merger_meeting", 0, spac.FieldMeetingKind, "business_combination", n, v, "")
	}
	if !merging && (kind == nil || kind.Fact.Value != "business_combination") {
		return
	}
	switch d.Form {
	case "S-4", "F-4":
		y.formStatus("form.registration", spac.StatusCombinationAnnounced)
	case "PREM14A", "PRE 14A":
	default:
		if m := first(found, spac.FieldMeetingDate); m != nil {
			c := m.Fact.Citation
			y.add("form.in_vote", 0, spac.FieldStatus, string(spac.StatusInVote), c.Line, c.Quote, "")
		}
	}
}

// first returns the first finding of field (nil when none).
func first(found []rule.Finding, field string) *rule.Finding {
	for i := range found {
		if found[i].Fact.Field == field {
			return &found[i]
		}
	}
	return nil
}
