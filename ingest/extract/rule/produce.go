package rule

import (
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// inDays are the int fields a duration gives in days; other int fields take months (a year
// is twelve).
var inDays = map[string]bool{spac.FieldLockupDays: true}

// valueOf normalises an entity to the value format of field (see spac.FieldKind).
func valueOf(e entity.Entity, text, field string) (string, bool) {
	switch spac.FieldKind(field) {
	case spac.KindMoney, spac.KindPrice:
		if e.Kind != entity.Money {
			return "", false
		}
		if spac.FieldKind(field) == spac.KindMoney {
			return e.Num.FloatString(2), true
		}
		return e.Num.FloatString(4), true
	case spac.KindInt:
		return intValue(e, field)
	case spac.KindDate:
		return e.Value, e.Kind == entity.Date
	}
	switch e.Kind {
	case entity.Org, entity.Ticker, entity.Exchange:
		return e.Value, true
	}
	return strings.Join(strings.Fields(e.Text(text)), " "), true
}

func intValue(e entity.Entity, field string) (string, bool) {
	switch {
	case e.Kind == entity.Duration && inDays[field]:
		n, ok := e.Days()
		return strconv.FormatInt(n, 10), ok
	case e.Kind == entity.Duration:
		n, ok := e.Months()
		return strconv.FormatInt(n, 10), ok
	case e.IsQuantity() || e.Kind == entity.Count:
		if !e.Num.IsInt() {
			return "", false
		}
		return e.Num.Num().String(), true
	}
	return "", false
}

// textValue reads text[a:b] of a sentence (a plain capture) as a text value, or gives the
// fixed value and quotes the captured words.
func textValue(d *doc.Doc, s *doc.Sentence, a, b int, field, fixed string) (slotHit, bool) {
	if a >= b || b > len(s.Text) {
		return slotHit{}, false
	}
	v := fixed
	if v == "" {
		v = strings.Join(strings.Fields(strings.Trim(s.Text[a:b], " ,;:“”\"")), " ")
	}
	if v == "" || spac.FieldKind(field) != spac.KindText && fixed == "" {
		return slotHit{}, false
	}
	line, col, quote := s.LocateAt(d.R, a, b)
	return slotHit{value: v, quote: quote, line: line, col: col}, line > 0 && quote != ""
}
