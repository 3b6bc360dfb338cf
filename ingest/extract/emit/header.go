package emit

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
)

// HeaderEnd returns the line number of "</SEC-HEADER>", or 0 when the text has no header.
func HeaderEnd(lines []string) int {
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

// HeaderValue finds the first header line "KEY:<tabs>value" and returns its line number and
// the value as written.
func (e *Emitter) HeaderValue(key string) (int, string) {
	end := HeaderEnd(e.R.Lines)
	for n := 1; n <= end; n++ {
		if v, ok := headerField(e.R.Line(n), key); ok {
			return n, v
		}
	}
	return 0, ""
}

func headerField(line, key string) (string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, key+":") {
		return "", false
	}
	v := strings.TrimSpace(t[len(key)+1:])
	return v, v != ""
}

var sicCodeRe = regexp.MustCompile(`\[(\d{4})\]|^(\d{4})$`)

// Header emits name, sic and state_of_inc from the COMPANY DATA block of the filing's own
// CIK (a 425 or SC TO lists filer and subject company; the SPAC is the one whose CIK the
// reader assigned), or the first block when none matches.
func (e *Emitter) Header() {
	block := e.companyBlock()
	for _, item := range block {
		switch item.key {
		case "COMPANY CONFORMED NAME":
			e.Text(spac.FieldName, item.line, item.value)
		case "STATE OF INCORPORATION":
			e.Text(spac.FieldStateOfInc, item.line, item.value)
		case "STANDARD INDUSTRIAL CLASSIFICATION":
			if m := sicCodeRe.FindStringSubmatch(item.value); m != nil {
				e.Add(spac.FieldSIC, m[1]+m[2], item.line, m[1]+m[2], "")
			}
		}
	}
}

type headerItem struct {
	key, value string
	line       int
}

var companyKeys = []string{
	"COMPANY CONFORMED NAME", "CENTRAL INDEX KEY", "STANDARD INDUSTRIAL CLASSIFICATION",
	"STATE OF INCORPORATION",
}

// companyBlock returns the COMPANY DATA items of the block whose CIK is the filing's.
func (e *Emitter) companyBlock() []headerItem {
	var blocks [][]headerItem
	end := HeaderEnd(e.R.Lines)
	for n := 1; n <= end; n++ {
		line := e.R.Line(n)
		if strings.TrimSpace(line) == "COMPANY DATA:" {
			blocks = append(blocks, nil)
			continue
		}
		for _, k := range companyKeys {
			if v, ok := headerField(line, k); ok && len(blocks) > 0 {
				blocks[len(blocks)-1] = append(blocks[len(blocks)-1], headerItem{k, v, n})
			}
		}
	}
	want := strings.TrimLeft(string(e.R.Filing.CIK), "0")
	for _, b := range blocks {
		for _, it := range b {
			if it.key == "CENTRAL INDEX KEY" && strings.TrimLeft(it.value, "0") == want {
				return b
			}
		}
	}
	if len(blocks) > 0 {
		return blocks[0]
	}
	return nil
}

// FormStatus emits status s citing the "CONFORMED SUBMISSION TYPE:" header line, for forms
// whose type alone sets the status (RW, 25, 15-12G...).
func (e *Emitter) FormStatus(s spac.Status) bool {
	n, v := e.HeaderValue("CONFORMED SUBMISSION TYPE")
	return n > 0 && e.Status(s, n, v)
}

// FiledDate emits field as the filing date, citing the "FILED AS OF DATE:" header line.
func (e *Emitter) FiledDate(field string) bool {
	n, v := e.HeaderValue("FILED AS OF DATE")
	return n > 0 && e.Date(field, n, v)
}
