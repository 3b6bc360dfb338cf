package extract

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// priorityProxyCard is below the sentence rules of the meeting's date: a card printed for the
// first date may stand in a supplement that moves the meeting.
const priorityProxyCard = 8

var (
	// proxyCardHeadRe is the card's heading, the meeting named alone in capitals over one or
	// two lines ("SPECIAL MEETING OF" / "STOCKHOLDERS"); a title that names the proxy
	// statement or the notice is not the card's (the date under it may be the statement's).
	proxyCardHeadRe = regexp.MustCompile(`^(?:SPECIAL|ANNUAL|EXTRAORDINARY GENERAL|ANNUAL GENERAL) MEETING OF (?:THE )?(?:STOCKHOLDERS|SHAREHOLDERS|MEMBERS)(?: OF [A-Z0-9 .,&'-]+)?$`)
	// proxyCardSolicitRe is the card's own words after its heading: "This Proxy is Solicited
	// On Behalf Of The Board Of Directors".
	proxyCardSolicitRe = regexp.MustCompile(`(?i)\bproxy\b[^.]{0,40}\bsolicited\b|\bsolicited on behalf of\b`)
)

// proxyCardDate reads the meeting's date from a proxy card: its heading, the date alone on the
// next line, and the solicitation under them ("SPECIAL MEETING OF" / "STOCKHOLDERS" / "April
// 21, 2021" / "This Proxy is Solicited On Behalf Of The Board Of Directors").
func (x *reader) proxyCardDate() {
	switch x.d.Class {
	case doc.Proxy, doc.MergerProxy, doc.Current, doc.Communication:
	default:
		return
	}
	lines := x.d.R.Lines
	for n := 2; n <= len(lines); n++ {
		quote, iso := loneDate(x.d.Line(n))
		if iso == "" || !headingAbove(x, n) || !solicitedBelow(x, n) {
			continue
		}
		x.add("table.proxy_card_date", priorityProxyCard, spac.FieldMeetingDate, iso, n, quote, "")
		return
	}
}

// loneDate gives a line's date when the line holds nothing else (cell borders aside).
func loneDate(line string) (quote, iso string) {
	t := filledText(line)
	if len(t) < 8 || len(t) > 40 {
		return "", ""
	}
	// Most short lines of a proxy hold no date's clues (a digit and a month): their entities
	// are not recognised (every line of 8 to 40 bytes was, 1.4 % of an ingest's CPU).
	sc := entity.ScanText(t)
	if !sc.May(entity.Date) {
		return "", ""
	}
	es := sc.Recognise()
	if len(es) != 1 || es[0].Kind != entity.Date || es[0].Start != 0 || es[0].End != len(t) {
		return "", ""
	}
	return t, es[0].Value
}

// headingAbove joins the one or two filled lines above line n (borders dropped) when they
// name the meeting as the card does; a title of the proxy statement or of the notice above
// them ("PROXY STATEMENT FOR THE" / "SPECIAL MEETING OF STOCKHOLDERS") makes them no card's.
func headingAbove(x *reader, n int) bool {
	var parts []string
	k := n - 1
	for ; k >= 1 && k >= n-4 && len(parts) < 2; k-- {
		t := filledText(x.d.Line(k))
		if t == "" {
			continue
		}
		parts = append([]string{t}, parts...)
		if proxyCardHeadRe.MatchString(t) {
			break
		}
	}
	head := parts
	if len(parts) == 2 && proxyCardHeadRe.MatchString(parts[1]) {
		head = parts[1:]
	}
	if !proxyCardHeadRe.MatchString(strings.Join(head, " ")) {
		return false
	}
	for j := k - 1; j >= 1 && j >= k-2; j-- {
		if t := filledText(x.d.Line(j)); t != "" {
			return !titleAboveCardRe.MatchString(t)
		}
	}
	return true
}

// titleAboveCardRe is a title that makes the meeting's name under it another document's.
var titleAboveCardRe = regexp.MustCompile(`(?i)proxy statement|notice|prospectus|\bfor\b$|\bof\b$|\bthe\b$`)

// filledText is a line without its cell borders and spaces.
func filledText(line string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "|"))
}

// solicitedBelow reports whether the card's solicitation follows within a few lines.
func solicitedBelow(x *reader, n int) bool {
	for k := n + 1; k <= len(x.d.R.Lines) && k <= n+4; k++ {
		if proxyCardSolicitRe.MatchString(x.d.Line(k)) {
			return true
		}
	}
	return false
}
