package current

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	heldOnRe      = re(`(?i)meeting[^.]{0,80}? held on (` + t.Date + `)`)
	onDateHeldRe  = re(`On (` + t.Date + `),? .{0,150}?held (?:an|its|a) [^.]{0,60}?meeting`)
	bcProposalRe  = re(`(?i)\b(Business Combination Proposal)`)
	extProposalRe = re(`(?i)\b(Extension(?: Amendment)? Proposal|Charter Extension Proposal)`)
	redeemedRes   = []*regexp.Regexp{
		re(`(?i)holding (` + t.Count + `) (?:of the Company` + t.Apostrophe + `s )?[^.]{0,60}?shares[^.]{0,160}?exercised their right to redeem`),
		re(`(?i)holders of (` + t.Count + `) [^.]{0,80}?shares[^.]{0,80}?exercised their right to redeem`),
		re(`(?i)(` + t.Count + `) (?:public )?shares were (?:tendered|submitted|presented) for redemption`),
	}
	amountPriceRe = re(`(?i)approximately (` + t.Money + `) \(approximately (` + t.Price + `) per share\)`)
	remainingRe   = re(`(?i)(?:will have|has|had|leaving|with) (` + t.Count + `) (?:public shares|shares of Class A [^.]{0,40}?|Class A [^.]{0,40}?shares)(?: issued and)? outstanding`)
	approvedRe    = re(`(?i)\b(approved)\b`)
)

// MeetingKind emits meeting_kind from the proposal the meeting voted on; a business
// combination proposal wins over an extension (merger meetings also amend the charter).
func MeetingKind(e *emit.Emitter) string {
	if m, ok := e.Find(bcProposalRe); ok {
		e.Add(spac.FieldMeetingKind, "business_combination", m.Line, m.Group(1), "")
		return "business_combination"
	}
	if m, ok := e.Find(extProposalRe); ok {
		e.Add(spac.FieldMeetingKind, "extension", m.Line, m.Group(1), "")
		return "extension"
	}
	return ""
}

// meeting reads Item 5.07: the meeting, its votes and the redemptions it triggered.
func meeting(e *emit.Emitter) {
	if m, ok := e.FindFirst(heldOnRe, onDateHeldRe); ok {
		e.Date(spac.FieldMeetingDate, m.Line, m.Group(1))
	}
	kind := MeetingKind(e)
	votes(e)
	for _, x := range redeemedRes {
		if m, ok := e.Find(x); ok && e.Int(spac.FieldSharesRedeemed, m.Line, m.Group(1)) {
			break
		}
	}
	if m, ok := e.Find(amountPriceRe); ok {
		e.Money(spac.FieldRedemptionAmount, m.Line, m.Group(1))
		e.Price(spac.FieldRedemptionPrice, m.Line, m.Group(2))
	}
	if m, ok := e.Find(remainingRe); ok {
		e.Int(spac.FieldSharesRemaining, m.Line, m.Group(1))
	}
	if kind == "extension" {
		for _, m := range e.FindAll(approvedRe) {
			if strings.Contains(strings.ToLower(e.R.Line(m.Line)), "extension") {
				e.Status(spac.StatusSearching, m.Line, m.Group(1))
				break
			}
		}
	}
}

// votes reads the first "For | Against | Abstain" table: the header row names the columns
// and the next numeric row (within three lines) holds the counts. Empty cells are dropped
// by the renderer, so numeric cells are aligned with the vote columns in order.
func votes(e *emit.Emitter) {
	for _, s := range e.Scope {
		for n := s.From; n <= s.To; n++ {
			cols := voteColumns(e.R.Line(n))
			if len(cols) < 2 {
				continue
			}
			for k := n + 1; k <= min(n+3, s.To); k++ {
				if nums := numericCells(e.R.Line(k)); len(nums) >= len(cols) {
					emitVotes(e, k, cols, nums[len(nums)-len(cols):])
					return
				}
			}
		}
	}
}

var voteFields = map[string]string{
	"for": spac.FieldVotesFor, "votes for": spac.FieldVotesFor,
	"against": spac.FieldVotesAgainst, "votes against": spac.FieldVotesAgainst,
	"abstain": spac.FieldVotesAbstain, "abstentions": spac.FieldVotesAbstain, "abstained": spac.FieldVotesAbstain,
	"broker non-votes": "", "broker non-vote": "",
}

// voteColumns returns the vote fields named by a header row, in order ("" for broker
// non-votes), or nil when the row is not a vote header.
func voteColumns(line string) []string {
	var cols []string
	hasFor := false
	for _, c := range strings.Split(line, " | ") {
		f, ok := voteFields[strings.ToLower(strings.TrimSpace(c))]
		if !ok {
			continue
		}
		hasFor = hasFor || f == spac.FieldVotesFor
		cols = append(cols, f)
	}
	if !hasFor {
		return nil
	}
	return cols
}

var numericCellRe = re(`^(?:` + t.Count + `|[-–—])$`)

func numericCells(line string) []string {
	var out []string
	for _, c := range strings.Split(line, " | ") {
		if numericCellRe.MatchString(strings.TrimSpace(c)) {
			out = append(out, strings.TrimSpace(c))
		}
	}
	return out
}

func emitVotes(e *emit.Emitter, line int, cols, nums []string) {
	for i, f := range cols {
		if f != "" {
			e.Int(f, line, nums[i])
		}
	}
}
