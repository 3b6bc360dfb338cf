package alerts

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Quotes is a source of share prices for the YTM alert. Price returns the latest price of symbol
// (any case) as a decimal string and the date it is as of (YYYY-MM-DD).
type Quotes interface {
	Price(symbol string) (price string, date string, ok bool)
}

// CSVQuotes is a Quotes read from a CSV file of "symbol,date,price" rows (an optional header
// row is skipped). Several rows of one symbol keep the latest date.
type CSVQuotes struct {
	prices map[string]quote
}

type quote struct{ price, date string }

// LoadCSVQuotes reads quotes from r. A malformed row is an error naming its line.
func LoadCSVQuotes(r io.Reader) (*CSVQuotes, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 3
	cr.TrimLeadingSpace = true
	q := &CSVQuotes{prices: map[string]quote{}}
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return q, nil
		}
		if err != nil {
			return nil, fmt.Errorf("quotes: %w", err)
		}
		if line == 1 && strings.EqualFold(strings.TrimSpace(rec[0]), "symbol") {
			continue
		}
		if err := q.add(rec); err != nil {
			return nil, fmt.Errorf("quotes: line %d: %w", line, err)
		}
	}
}

// OpenCSVQuotes reads quotes from the CSV file at path.
func OpenCSVQuotes(path string) (*CSVQuotes, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("quotes: %w", err)
	}
	defer f.Close()
	return LoadCSVQuotes(f)
}

func (q *CSVQuotes) add(rec []string) error {
	sym := strings.ToUpper(strings.TrimSpace(rec[0]))
	date, price := strings.TrimSpace(rec[1]), strings.TrimSpace(rec[2])
	if sym == "" {
		return errors.New("empty symbol")
	}
	if _, ok := parseDate(date); !ok {
		return fmt.Errorf("date %q is not YYYY-MM-DD", date)
	}
	if p, ok := parseDecimal(price); !ok || p.Sign() <= 0 {
		return fmt.Errorf("price %q is not a positive decimal", price)
	}
	if old, ok := q.prices[sym]; !ok || date >= old.date {
		q.prices[sym] = quote{price: price, date: date}
	}
	return nil
}

// Price implements Quotes.
func (q *CSVQuotes) Price(symbol string) (string, string, bool) {
	if q == nil {
		return "", "", false
	}
	p, ok := q.prices[strings.ToUpper(strings.TrimSpace(symbol))]
	return p.price, p.date, ok
}

// Len returns the number of symbols quoted.
func (q *CSVQuotes) Len() int { return len(q.prices) }
