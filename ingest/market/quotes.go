// Package market is the market data of the service: the last quoted price of each SPAC's
// shares, read from a quotes file (CSV or NDJSON, named by quotes.file; the embedded fixture
// quotes by default), and the yields to maturity computed from it and a profile's payout.
// Market data is joined to a row when the row is served (Joiner) and never stored with the
// profile: prices move every day, filings do not.
//
// Every joined value is cited. A price is cited with basis "quoted": Source names the quotes
// file, AsOf the quote's date, Line the file's line, Quote the price as written there and
// Excerpt the whole line. A yield is cited with basis "derived" and its inputs (the payout per
// share, the payout date and the price).
package market

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"
)

// MaxQuotesBytes bounds a quotes file: a larger one is refused, never read whole.
const MaxQuotesBytes = 64 << 20

// Quote is one price of one symbol as a quotes file states it.
type Quote struct {
	Symbol string // upper case
	Date   string // YYYY-MM-DD the price is as of
	Price  string // as written ("10.51")
	Line   int    // 1-based line of the file
	Text   string // the whole line, trimmed
}

// Book is the latest quote of every symbol of one quotes file.
type Book struct {
	Source string // the file's name, cited as Citation.Source
	quotes map[string]Quote
}

// Quote returns the latest quote of symbol (any case).
func (b *Book) Quote(symbol string) (Quote, bool) {
	if b == nil {
		return Quote{}, false
	}
	q, ok := b.quotes[strings.ToUpper(strings.TrimSpace(symbol))]
	return q, ok
}

// Len returns the number of symbols quoted.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.quotes)
}

// Parse reads a quotes file named source. Two formats are accepted, told apart by the first
// non-blank character:
//   - CSV: "symbol,date,price" rows, an optional header row first;
//   - NDJSON: one object per line, {"symbol": "ABC", "date": "2026-11-21", "price": "10.51"}
//     (price as a string or a JSON number).
//
// Blank lines are skipped. A malformed row is an error naming its line: a quotes file is
// either read whole or not at all. Several rows of one symbol keep the latest date (the later
// row on the same date).
func Parse(source string, data []byte) (*Book, error) {
	if len(data) > MaxQuotesBytes {
		return nil, fmt.Errorf("quotes %s: larger than %d bytes", source, MaxQuotesBytes)
	}
	b := &Book{Source: source, quotes: map[string]Quote{}}
	ndjson := bytes.HasPrefix(bytes.TrimSpace(data), []byte("{"))
	first := true
	for i, raw := range strings.Split(string(data), "\n") {
		text := strings.TrimSpace(raw)
		if text == "" {
			continue
		}
		q, header, err := parseLine(text, ndjson)
		if err == nil && header && !first {
			err = errors.New("a header row comes only first")
		}
		if err != nil {
			return nil, fmt.Errorf("quotes %s: line %d: %w", source, i+1, err)
		}
		if first = false; header {
			continue
		}
		q.Line, q.Text = i+1, text
		if err := b.add(q); err != nil {
			return nil, fmt.Errorf("quotes %s: line %d: %w", source, i+1, err)
		}
	}
	return b, nil
}

// parseLine reads one row; header reports a CSV header row ("symbol,...").
func parseLine(text string, ndjson bool) (q Quote, header bool, err error) {
	if ndjson {
		return parseJSONLine(text)
	}
	rec, err := csv.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		return Quote{}, false, err
	}
	if len(rec) != 3 {
		return Quote{}, false, fmt.Errorf("%d fields, want symbol,date,price", len(rec))
	}
	if strings.EqualFold(strings.TrimSpace(rec[0]), "symbol") {
		return Quote{}, true, nil
	}
	return Quote{Symbol: rec[0], Date: rec[1], Price: rec[2]}, false, nil
}

func parseJSONLine(text string) (Quote, bool, error) {
	var row struct {
		Symbol string          `json:"symbol"`
		Date   string          `json:"date"`
		Price  json.RawMessage `json:"price"`
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&row); err != nil {
		return Quote{}, false, err
	}
	price := strings.Trim(string(row.Price), `"`)
	return Quote{Symbol: row.Symbol, Date: row.Date, Price: price}, false, nil
}

// plainDecimal is a price as the quotes may write it: digits, an optional fraction.
var plainDecimal = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

func (b *Book) add(q Quote) error {
	q.Symbol = strings.ToUpper(strings.TrimSpace(q.Symbol))
	q.Date, q.Price = strings.TrimSpace(q.Date), strings.TrimSpace(q.Price)
	if q.Symbol == "" {
		return errors.New("empty symbol")
	}
	if _, err := time.Parse(time.DateOnly, q.Date); err != nil {
		return fmt.Errorf("date %q is not YYYY-MM-DD", q.Date)
	}
	if p, ok := parsePrice(q.Price); !ok || p.Sign() <= 0 {
		return fmt.Errorf("price %q is not a positive decimal", q.Price)
	}
	if old, ok := b.quotes[q.Symbol]; !ok || q.Date >= old.Date {
		b.quotes[q.Symbol] = q
	}
	return nil
}

// parsePrice parses a plain positive decimal ("10.51"): no sign, exponent or separator.
func parsePrice(s string) (*big.Rat, bool) {
	if !plainDecimal.MatchString(s) {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}
