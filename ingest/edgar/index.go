package edgar

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/spacdata/spac"
)

// IndexRow is one filing of a daily or quarterly (full-index) index.
type IndexRow struct {
	CIK       spac.CIK // 10 digits
	Company   string
	Form      string
	Date      string // YYYY-MM-DD
	Path      string // edgar/data/1843724/0001104659-22-104921.txt
	Accession string // from Path
	Line      int    // 1-based line in the index file
}

// IndexKind names the daily index layouts.
type IndexKind int

const (
	IndexCompany IndexKind = iota // company.YYYYMMDD.idx: fixed width, company first
	IndexForm                     // form.YYYYMMDD.idx: fixed width, form first
	IndexMaster                   // master.YYYYMMDD.idx: pipe-delimited
)

var (
	pathAccessionRe = regexp.MustCompile(`(\d{10}-\d{2}-\d{6})`)
	// the right-hand columns shared by the fixed-width layouts: CIK, date, path. Daily
	// indexes write the date 20221003, the quarterly full-index 2022-10-03.
	tailRe = regexp.MustCompile(`\s(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(edgar/\S+)\s*$`)
)

// ParseIndex parses a daily or quarterly index of the given kind. Lines before the dashed separator
// (or, for master, the "CIK|Company Name|..." header) are skipped; a malformed row is an error
// that names its line.
func ParseIndex(data []byte, kind IndexKind) ([]IndexRow, error) {
	var rows []IndexRow
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	inBody, n := false, 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if !inBody {
			inBody = strings.HasPrefix(line, "-----")
			continue
		}
		if line == "" {
			continue
		}
		row, err := parseIndexLine(line, kind)
		if err != nil {
			return nil, fmt.Errorf("edgar: index line %d: %w", n, err)
		}
		row.Line = n
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("edgar: index: %w", err)
	}
	if !inBody {
		return nil, fmt.Errorf("edgar: index: no header separator line")
	}
	return rows, nil
}

func parseIndexLine(line string, kind IndexKind) (IndexRow, error) {
	if kind == IndexMaster {
		return parseMasterLine(line)
	}
	m := tailRe.FindStringSubmatchIndex(line)
	if m == nil {
		return IndexRow{}, fmt.Errorf("no CIK/date/path columns in %q", line)
	}
	head := line[:m[0]]
	r := IndexRow{Date: isoDate(line[m[4]:m[5]]), Path: line[m[6]:m[7]]}
	r.CIK, _ = spac.ParseCIK(line[m[2]:m[3]])
	// The first column is 62 characters wide in the company index, 12 in the form index.
	width := 62
	if kind == IndexForm {
		width = 12
	}
	first, second := splitColumn(head, width)
	if kind == IndexForm {
		r.Form, r.Company = first, second
	} else {
		r.Company, r.Form = first, second
	}
	r.Accession = firstGroup(pathAccessionRe, r.Path)
	return r, nil
}

// splitColumn splits at the fixed column width; a line too short falls back to the last
// run of two or more spaces.
func splitColumn(s string, width int) (string, string) {
	if len(s) > width && s[width-1] == ' ' {
		return strings.TrimSpace(s[:width]), strings.TrimSpace(s[width:])
	}
	if i := strings.LastIndex(strings.TrimRight(s, " "), "  "); i >= 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
	}
	return strings.TrimSpace(s), ""
}

func parseMasterLine(line string) (IndexRow, error) {
	f := strings.Split(line, "|")
	if len(f) != 5 {
		return IndexRow{}, fmt.Errorf("want 5 fields, got %d in %q", len(f), line)
	}
	cik, ok := spac.ParseCIK(f[0])
	if !ok {
		return IndexRow{}, fmt.Errorf("bad CIK %q", f[0])
	}
	r := IndexRow{CIK: cik, Company: f[1], Form: f[2], Date: isoDate(f[3]), Path: f[4]}
	r.Accession = firstGroup(pathAccessionRe, r.Path)
	return r, nil
}

func isoDate(v string) string {
	if len(v) == 8 {
		return v[:4] + "-" + v[4:6] + "-" + v[6:]
	}
	return v
}
