package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// headerEnd returns the line number of "</SEC-HEADER>", or 0 when the text has no header.
func headerEnd(lines []string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, "</SEC-HEADER>") {
			return i + 1
		}
		if strings.HasPrefix(l, "<DOCUMENT>") {
			return i
		}
	}
	return 0
}

// headerValue returns the first header field key of the submission (not of a company
// block), as the reader parsed it: its canonical line and value.
func (x *reader) headerValue(key string) (int, string) {
	for _, f := range x.d.R.Header {
		if f.Key == key && f.Value != "" {
			return f.Line, f.Value
		}
	}
	return 0, ""
}

var sicCodeRe = textutil.MustStarts(`\[(\d{4})\]|^(\d{4})$`)

// header reads name, cik, sic and state_of_inc from the COMPANY DATA block of the filing's
// own CIK (a 425 lists the filer and the subject company; the SPAC is the one whose CIK the
// reader assigned), or the first block when none matches.
func (x *reader) header() {
	for _, item := range x.companyBlock() {
		v, n := item.value, item.line
		switch item.key {
		case "COMPANY CONFORMED NAME":
			x.add("header.name", priorityHeader, spac.FieldName, strings.Join(strings.Fields(v), " "), n, v, "")
		case "CENTRAL INDEX KEY":
			x.add("header.cik", priorityHeader, spac.FieldCIK, v, n, v, "")
		case "STATE OF INCORPORATION":
			x.add("header.state_of_inc", priorityHeader, spac.FieldStateOfInc, jurisdictionName(v), n, v, "")
		case "STANDARD INDUSTRIAL CLASSIFICATION":
			if m := sicCodeRe.FindStringSubmatch(v); m != nil {
				x.add("header.sic", priorityHeader, spac.FieldSIC, m[1]+m[2], n, m[1]+m[2], "")
			}
		}
	}
}

type headerItem struct {
	key, value string
	line       int
}

// companyBlock returns the fields of the company block whose CIK is the filing's (a 425
// lists the filer and the subject company), or of the first block when none matches.
func (x *reader) companyBlock() []headerItem {
	blocks := map[int][]headerItem{}
	first := 0
	for _, f := range x.d.R.Header {
		if f.Company == 0 || f.Value == "" {
			continue
		}
		if first == 0 {
			first = f.Company
		}
		blocks[f.Company] = append(blocks[f.Company], headerItem{f.Key, f.Value, f.Line})
	}
	want := strings.TrimLeft(string(x.d.R.Filing.CIK), "0")
	for k := 1; k <= len(x.d.R.Header); k++ {
		for _, it := range blocks[k] {
			if it.key == "CENTRAL INDEX KEY" && strings.TrimLeft(it.value, "0") == want {
				return blocks[k]
			}
		}
	}
	return blocks[first]
}

// formStatus records status s citing the "CONFORMED SUBMISSION TYPE:" header line, for
// forms whose type alone sets the status (S-1, RW, 25, 15-12G...).
func (x *reader) formStatus(id string, s spac.Status) bool {
	n, v := x.headerValue("CONFORMED SUBMISSION TYPE")
	return n > 0 && x.add(id, priorityHeader, spac.FieldStatus, string(s), n, v, "")
}

// filedDate records field as the filing date, citing the "FILED AS OF DATE:" header line.
func (x *reader) filedDate(id, field string) bool {
	n, v := x.headerValue("FILED AS OF DATE")
	if n == 0 {
		return false
	}
	iso, ok := textutil.ParseDate(v)
	return ok && x.add(id, priorityHeader-10, field, iso, n, v, "")
}
