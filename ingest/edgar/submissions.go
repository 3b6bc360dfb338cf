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
	FormerNames    []FormerName
	Recent         []SubmissionRow // filings.recent, newest first as served
	// Files are the further pages of older filings (filings.files), each a JSON document of
	// the same parallel arrays as filings.recent (ParseSubmissionsPage).
	Files []SubmissionsFile
}

// FormerName is one of the company's earlier conformed names (a SPAC renamed at its merger).
type FormerName struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// SubmissionsFile names one page of older filings.
type SubmissionsFile struct {
	Name        string `json:"name"` // "CIK0001819994-submissions-001.json"
	FilingCount int    `json:"filingCount"`
	FilingFrom  string `json:"filingFrom"`
	FilingTo    string `json:"filingTo"`
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
	CIK            string       `json:"cik"`
	Name           string       `json:"name"`
	SIC            string       `json:"sic"`
	SICDescription string       `json:"sicDescription"`
	StateOfInc     string       `json:"stateOfIncorporation"`
	Tickers        []string     `json:"tickers"`
	Exchanges      []string     `json:"exchanges"`
	FormerNames    []FormerName `json:"formerNames"`
	Filings        struct {
		Recent filingArrays      `json:"recent"`
		Files  []SubmissionsFile `json:"files"`
	} `json:"filings"`
}

// filingArrays are the parallel arrays of filings.recent and of each older page.
type filingArrays struct {
	AccessionNumber []string `json:"accessionNumber"`
	Form            []string `json:"form"`
	FilingDate      []string `json:"filingDate"`
	ReportDate      []string `json:"reportDate"`
	Items           []string `json:"items"`
	PrimaryDocument []string `json:"primaryDocument"`
	IsInlineXBRL    []int    `json:"isInlineXBRL"`
}

// rows zips the arrays; the mandatory ones must have the length of accessionNumber.
func (r filingArrays) rows() ([]SubmissionRow, error) {
	n := len(r.AccessionNumber)
	if len(r.Form) != n || len(r.FilingDate) != n {
		return nil, fmt.Errorf("%d forms and %d filing dates for %d accession numbers", len(r.Form), len(r.FilingDate), n)
	}
	out := make([]SubmissionRow, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, SubmissionRow{
			Accession: r.AccessionNumber[i], Form: r.Form[i], FilingDate: r.FilingDate[i],
			ReportDate: at(r.ReportDate, i), Items: splitItems(at(r.Items, i)),
			PrimaryDocument: at(r.PrimaryDocument, i), IsInlineXBRL: i < len(r.IsInlineXBRL) && r.IsInlineXBRL[i] == 1,
		})
	}
	return out, nil
}

// ParseSubmissionsPage parses one page of older filings named in filings.files
// (data.sec.gov/submissions/CIK##########-submissions-001.json): the parallel arrays alone.
func ParseSubmissionsPage(data []byte) ([]SubmissionRow, error) {
	var r filingArrays
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("edgar: submissions page: %w", err)
	}
	rows, err := r.rows()
	if err != nil {
		return nil, fmt.Errorf("edgar: submissions page: %w", err)
	}
	return rows, nil
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
		FormerNames: raw.FormerNames, Files: raw.Filings.Files,
	}
	rows, err := raw.Filings.Recent.rows()
	if err != nil {
		return nil, fmt.Errorf("edgar: submissions: %w", err)
	}
	s.Recent = rows
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
