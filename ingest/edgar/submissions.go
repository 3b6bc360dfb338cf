package edgar

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
)

// Submissions is data.sec.gov/submissions/CIK##########.json.
type Submissions struct {
	CIK            spac.CIK
	Name           string
	SIC            string
	SICDescription string
	StateOfInc     string
	Tickers        []string
	Exchanges      []string
	Recent         []SubmissionRow // filings.recent, newest first as served
}

// SubmissionRow is one filing of filings.recent (the parallel arrays zipped).
type SubmissionRow struct {
	Accession       string
	Form            string
	FilingDate      string
	ReportDate      string
	Items           []string // "5.03,5.07,9.01" split
	PrimaryDocument string
	IsInlineXBRL    bool
}

type submissionsJSON struct {
	CIK            string   `json:"cik"`
	Name           string   `json:"name"`
	SIC            string   `json:"sic"`
	SICDescription string   `json:"sicDescription"`
	StateOfInc     string   `json:"stateOfIncorporation"`
	Tickers        []string `json:"tickers"`
	Exchanges      []string `json:"exchanges"`
	Filings        struct {
		Recent struct {
			AccessionNumber []string `json:"accessionNumber"`
			Form            []string `json:"form"`
			FilingDate      []string `json:"filingDate"`
			ReportDate      []string `json:"reportDate"`
			Items           []string `json:"items"`
			PrimaryDocument []string `json:"primaryDocument"`
			IsInlineXBRL    []int    `json:"isInlineXBRL"`
		} `json:"recent"`
	} `json:"filings"`
}

// ParseSubmissions parses a submissions JSON document. The parallel arrays of
// filings.recent must have the length of accessionNumber (optional ones may be absent).
func ParseSubmissions(data []byte) (*Submissions, error) {
	var raw submissionsJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("edgar: submissions: %w", err)
	}
	cik, ok := spac.ParseCIK(raw.CIK)
	if !ok {
		return nil, fmt.Errorf("edgar: submissions: bad cik %q", raw.CIK)
	}
	s := &Submissions{
		CIK: cik, Name: raw.Name, SIC: raw.SIC, SICDescription: raw.SICDescription,
		StateOfInc: raw.StateOfInc, Tickers: raw.Tickers, Exchanges: raw.Exchanges,
	}
	r := raw.Filings.Recent
	n := len(r.AccessionNumber)
	if len(r.Form) != n || len(r.FilingDate) != n {
		return nil, fmt.Errorf("edgar: submissions: %d forms and %d filing dates for %d accession numbers", len(r.Form), len(r.FilingDate), n)
	}
	for i := 0; i < n; i++ {
		s.Recent = append(s.Recent, SubmissionRow{
			Accession: r.AccessionNumber[i], Form: r.Form[i], FilingDate: r.FilingDate[i],
			ReportDate: at(r.ReportDate, i), Items: splitItems(at(r.Items, i)),
			PrimaryDocument: at(r.PrimaryDocument, i), IsInlineXBRL: i < len(r.IsInlineXBRL) && r.IsInlineXBRL[i] == 1,
		})
	}
	return s, nil
}

func at(a []string, i int) string {
	if i < len(a) {
		return a[i]
	}
	return ""
}

func splitItems(s string) []string {
	var out []string
	for _, it := range strings.Split(s, ",") {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// Ticker is one entry of company_tickers.json.
type Ticker struct {
	CIK    spac.CIK
	Ticker string
	Title  string
}

// ParseTickers parses company_tickers.json ({"0":{"cik_str":..,"ticker":..,"title":..},...})
// into a slice ordered by the numeric keys, as the SEC ranks them.
func ParseTickers(data []byte) ([]Ticker, error) {
	var raw map[string]struct {
		CIK    json.Number `json:"cik_str"`
		Ticker string      `json:"ticker"`
		Title  string      `json:"title"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("edgar: tickers: %w", err)
	}
	out := make([]Ticker, len(raw))
	for k, v := range raw {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(raw) {
			return nil, fmt.Errorf("edgar: tickers: unexpected key %q", k)
		}
		cik, ok := spac.ParseCIK(v.CIK.String())
		if !ok {
			return nil, fmt.Errorf("edgar: tickers: bad cik_str %q", v.CIK)
		}
		out[i] = Ticker{CIK: cik, Ticker: v.Ticker, Title: v.Title}
	}
	return out, nil
}
