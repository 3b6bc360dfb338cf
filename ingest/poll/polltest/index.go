package polltest

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spacdata/spac/ingest/edgar"
)

var (
	fullIndexRe  = regexp.MustCompile(`^/Archives/edgar/full-index/(\d{4})/QTR([1-4])/(form|company|master)\.idx$`)
	dailyIndexRe = regexp.MustCompile(`^/Archives/edgar/daily-index/(\d{4})/QTR([1-4])/(form|company|master)\.(\d{8})\.idx$`)
)

// FullIndexPath is the quarterly index of a kind ("form", "company", "master").
func FullIndexPath(year, quarter int, kind string) string {
	return fmt.Sprintf("/Archives/edgar/full-index/%d/QTR%d/%s.idx", year, quarter, kind)
}

// DailyIndexPath is the daily index of a kind for day.
func DailyIndexPath(day time.Time, kind string) string {
	return fmt.Sprintf("/Archives/edgar/daily-index/%d/QTR%d/%s.%s.idx", day.Year(), (int(day.Month())-1)/3+1, kind, day.Format("20060102"))
}

// indexAnswerLocked serves a quarterly index for any quarter begun by the fake's clock and a
// daily index for every weekday before today (as EDGAR, which has none for weekends and
// publishes a day's index after it ends); other index paths answer 404.
func (s *Server) indexAnswerLocked(path string) answer {
	today := dayOf(s.now())
	if m := fullIndexRe.FindStringSubmatch(path); m != nil {
		year, _ := strconv.Atoi(m[1])
		q, _ := strconv.Atoi(m[2])
		from := time.Date(year, time.Month(3*q-2), 1, 0, 0, 0, 0, time.UTC)
		to := from.AddDate(0, 3, -1)
		if from.After(today) {
			return notFound()
		}
		last := minTime(to, today.AddDate(0, 0, -1))
		return answer{status: http.StatusOK, ctype: "text/plain", body: renderIndex(m[3], false, last, s.rowsLocked(from, to))}
	}
	if m := dailyIndexRe.FindStringSubmatch(path); m != nil {
		day, err := time.Parse("20060102", m[4])
		q, _ := strconv.Atoi(m[2])
		if err != nil || strconv.Itoa(day.Year()) != m[1] || (int(day.Month())-1)/3+1 != q || !day.Before(today) ||
			day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
			return notFound()
		}
		return answer{status: http.StatusOK, ctype: "text/plain", body: renderIndex(m[3], true, day, s.rowsLocked(day, day))}
	}
	return notFound()
}

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// rowsLocked lists every filing dated from..to (days, inclusive) under each of its companies.
func (s *Server) rowsLocked(from, to time.Time) []edgar.IndexRow {
	var rows []edgar.IndexRow
	seen := map[string]bool{}
	add := func(e edgar.FeedEntry) {
		d, err := time.Parse(time.DateOnly, e.FiledAt)
		key := string(e.CIK) + "/" + e.Accession
		if err != nil || d.Before(from) || d.After(to) || seen[key] {
			return
		}
		seen[key] = true
		rows = append(rows, edgar.IndexRow{CIK: e.CIK, Company: e.Company, Form: e.Form, Date: e.FiledAt,
			Path: strings.TrimPrefix(ArchivePath(e.CIK, e.Accession), "/Archives/"), Accession: e.Accession})
	}
	for _, entries := range s.archived {
		for _, e := range entries {
			add(e)
		}
	}
	for _, e := range s.feed {
		add(e)
	}
	return rows
}

// renderIndex writes an index file line for line in EDGAR's layout (realdata/edgar_index):
// the daily files' headers as recorded, the quarterly full-index in the same layout with dates
// written 2020-09-28. Fixed-width rows are 150 characters; the master index is pipe-delimited.
func renderIndex(kind string, daily bool, last time.Time, rows []edgar.IndexRow) []byte {
	sortRows(kind, rows)
	var b strings.Builder
	scope := "Master Index of EDGAR Dissemination Feed"
	received := last.Format("January 2, 2006")
	if daily {
		scope, received = "Daily Index of EDGAR Dissemination Feed", last.Format("Jan _2, 2006")
	}
	by := map[string]string{"form": " by Form Type", "company": " by Company Name"}[kind]
	fmt.Fprintf(&b, "Description:           %s%s\nLast Data Received:    %s\n", scope, by, received)
	b.WriteString("Comments:              webmaster@sec.gov\nAnonymous FTP:         ftp://ftp.sec.gov/edgar/\n")
	blank := map[bool]int{true: 4, false: 3}[daily]
	switch kind {
	case "master":
		b.WriteString("\nCIK|Company Name|Form Type|Date Filed|File Name\n" + strings.Repeat("-", 80) + "\n")
	case "company":
		b.WriteString(strings.Repeat(" \n", blank))
		b.WriteString("Company Name                                                  Form Type   CIK\n      Date Filed  File Name\n" + strings.Repeat("-", 145) + "\n")
	default:
		b.WriteString(strings.Repeat(" \n", blank))
		b.WriteString("Form Type   Company Name                                                  CIK         Date Filed  File Name\n" + strings.Repeat("-", 141) + "\n")
	}
	for _, r := range rows {
		b.WriteString(RenderIndexRow(kind, daily, r) + "\n")
	}
	return []byte(b.String())
}

// RenderIndexRow writes one row of an index of kind as EDGAR does.
func RenderIndexRow(kind string, daily bool, r edgar.IndexRow) string {
	cik := strings.TrimLeft(string(r.CIK), "0")
	date := r.Date
	if daily {
		date = strings.ReplaceAll(date, "-", "")
	}
	company := r.Company
	if len(company) > 60 {
		company = company[:60]
	}
	switch kind {
	case "master":
		return strings.Join([]string{cik, r.Company, r.Form, date, r.Path}, "|")
	case "company":
		return fmt.Sprintf("%-62s%-12s%-12s%-12s%-52s", company, r.Form, cik, date, r.Path)
	}
	return fmt.Sprintf("%-12s%-62s%-12s%-12s%-52s", r.Form, company, cik, date, r.Path)
}

// sortRows orders rows as EDGAR does: by form, by company, or (master) by CIK as text.
func sortRows(kind string, rows []edgar.IndexRow) {
	key := func(r edgar.IndexRow) []string {
		switch kind {
		case "form":
			return []string{r.Form, r.Company, r.Path}
		case "company":
			return []string{r.Company, r.Form, r.Path}
		}
		return []string{strings.TrimLeft(string(r.CIK), "0"), r.Path}
	}
	slices.SortStableFunc(rows, func(a, b edgar.IndexRow) int { return slices.Compare(key(a), key(b)) })
}
