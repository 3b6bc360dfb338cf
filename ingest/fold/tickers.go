package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

// tickerSlot is one kind of ticker: the fact field and the JSON path it folds into.
type tickerSlot struct {
	field, path string
	value       func(*spac.Tickers) *string
}

var tickerSlots = []tickerSlot{
	{spac.FieldTickerUnits, "tickers.units", func(t *spac.Tickers) *string { return &t.Units }},
	{spac.FieldTickerShares, "tickers.shares", func(t *spac.Tickers) *string { return &t.Shares }},
	{spac.FieldTickerWarrant, "tickers.warrants", func(t *spac.Tickers) *string { return &t.Warrants }},
	{spac.FieldTickerRights, "tickers.rights", func(t *spac.Tickers) *string { return &t.Rights }},
}

// tickerFold replays ticker facts in filing order keeping history: a replaced ticker moves to
// Previous so that the old symbol still resolves. When the de-SPAC closes and a new ticker is
// known, the combined company's ticker becomes the share ticker and every SPAC ticker (units,
// shares, warrants, rights) retires to Previous; a retired ticker never becomes current again
// (a closing 8-K filed under the old cover page does not bring it back).
type tickerFold struct {
	cur     spac.Tickers
	cites   map[string]spac.Citation // by path
	prev    []string
	prevCs  []spac.Citation
	retired map[string]bool
	newTick string
}

func foldTickers(recs []record, cs *citations) spac.Tickers {
	tf := tickerFold{cites: map[string]spac.Citation{}, retired: map[string]bool{}}
	closed := false
	var announced spac.Fact // the latest new ticker stated so far
	for _, r := range recs {
		closed = closed || r.has(spac.FieldClosingDate)
		if f, ok := r.first(spac.FieldNewTicker); ok {
			announced = f
		}
		if closed && announced.Value != "" && announced.Value != tf.newTick {
			tf.closeDeal(announced)
		}
		for _, s := range tickerSlots {
			if f, ok := r.first(s.field); ok && !tf.retired[f.Value] {
				tf.set(s, f.Value, stated(f, s.path))
			}
		}
	}
	return tf.finish(cs)
}

func (tf *tickerFold) set(s tickerSlot, v string, c spac.Citation) {
	dst := s.value(&tf.cur)
	if *dst != "" && *dst != v {
		tf.retire(*dst, tf.cites[s.path])
	}
	*dst = v
	tf.cites[s.path] = c
}

func (tf *tickerFold) retire(v string, c spac.Citation) {
	if v == "" || slices.Contains(tf.prev, v) {
		return
	}
	tf.prev = append(tf.prev, v)
	c.Field = "tickers.previous"
	tf.prevCs = append(tf.prevCs, c)
}

// closeDeal moves the SPAC's tickers to Previous and makes the new ticker the share ticker.
func (tf *tickerFold) closeDeal(f spac.Fact) {
	for _, s := range tickerSlots {
		dst := s.value(&tf.cur)
		if *dst != "" && *dst != f.Value {
			tf.retired[*dst] = true
			tf.retire(*dst, tf.cites[s.path])
		}
		*dst = ""
		delete(tf.cites, s.path)
	}
	tf.newTick = f.Value
	tf.cur.Shares = f.Value
	tf.cites["tickers.shares"] = stated(f, "tickers.shares")
}

// finish drops current tickers from Previous and records the citations.
func (tf *tickerFold) finish(cs *citations) spac.Tickers {
	t := tf.cur
	current := []string{t.Units, t.Shares, t.Warrants, t.Rights}
	for i, v := range tf.prev {
		if !slices.Contains(current, v) {
			t.Previous = append(t.Previous, v)
			cs.add(tf.prevCs[i])
		}
	}
	for _, s := range tickerSlots {
		if *s.value(&t) != "" {
			cs.set(tf.cites[s.path])
		}
	}
	return t
}

// symbolOf is the share ticker, else the unit ticker (before the shares trade separately).
func symbolOf(t spac.Tickers, cs *citations) string {
	for _, path := range []string{"tickers.shares", "tickers.units"} {
		if c, ok := cs.find(path); ok {
			c.Field = "symbol"
			cs.set(c)
			if path == "tickers.shares" {
				return t.Shares
			}
			return t.Units
		}
	}
	return ""
}
