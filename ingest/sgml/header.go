package sgml

import (
	"strconv"
	"strings"
)

// companyRoles are the header lines that open a company block.
var companyRoles = map[string]bool{
	"FILER": true, "SUBJECT COMPANY": true, "FILED BY": true, "REPORTING-OWNER": true,
	"ISSUER": true, "SERIAL COMPANY": true,
}

// ParseHeader reads the "KEY:<tabs>value" lines of an SGML header (or of the header lines
// set out for a bare document): the values, and each line as a field with its index in lines.
func ParseHeader(lines []string) Header {
	var h Header
	var cur *Company
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if tag, value, ok := splitTag(line); ok {
			if tag == "ACCEPTANCE-DATETIME" {
				h.AcceptanceDateTime = value
			}
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = strings.ToUpper(strings.TrimSpace(key)), strings.TrimSpace(value)
		if companyRoles[key] && value == "" {
			h.Companies = append(h.Companies, Company{Role: key})
			cur = &h.Companies[len(h.Companies)-1]
			continue
		}
		field := Field{Key: key, Value: value, Index: i}
		if !h.setSubmissionValue(key, value) && cur != nil {
			cur.set(key, value)
			field.Company, field.Role = len(h.Companies), cur.Role
		}
		h.Fields = append(h.Fields, field)
	}
	return h
}

// Field is one "KEY: value" line of the header: Index is its position in the header lines,
// Company the 1-based company block it is in (0: the submission's own lines).
type Field struct {
	Key, Value string
	Index      int
	Company    int
	Role       string
}

// setSubmissionValue stores a submission-level value and reports whether key was one.
func (h *Header) setSubmissionValue(key, value string) bool {
	switch key {
	case "ACCESSION NUMBER":
		h.Accession = value
	case "CONFORMED SUBMISSION TYPE":
		h.Form = value
	case "PUBLIC DOCUMENT COUNT":
		h.DocumentCount, _ = strconv.Atoi(value)
	case "CONFORMED PERIOD OF REPORT":
		h.Period = isoDate(value)
	case "FILED AS OF DATE":
		h.FiledAsOf = isoDate(value)
	case "ITEM INFORMATION":
		h.ItemNames = append(h.ItemNames, value)
		if n, ok := ItemNumber(value); ok {
			h.addItem(n)
		}
	case "ITEMS":
		for _, f := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
			if n, ok := ItemNumber(f); ok {
				h.addItem(n)
			}
		}
	default:
		return false
	}
	return true
}

func (h *Header) addItem(n string) {
	for _, it := range h.Items {
		if it == n {
			return
		}
	}
	h.Items = append(h.Items, n)
}

func (c *Company) set(key, value string) {
	switch key {
	case "COMPANY CONFORMED NAME":
		c.Name = value
	case "CENTRAL INDEX KEY":
		c.CIK = value
	case "STATE OF INCORPORATION":
		c.StateOfInc = value
	case "FISCAL YEAR END":
		c.FiscalYear = value
	case "STANDARD INDUSTRIAL CLASSIFICATION":
		c.SIC, c.SICName = splitSIC(value)
	}
}

// splitSIC splits "BLANK CHECKS [6770]" into ("6770", "BLANK CHECKS"). A bare code is kept.
func splitSIC(v string) (code, name string) {
	open, end := strings.LastIndexByte(v, '['), strings.LastIndexByte(v, ']')
	if open >= 0 && end > open {
		return strings.TrimSpace(v[open+1 : end]), strings.TrimSpace(v[:open])
	}
	if allDigits(v) {
		return v, ""
	}
	return "", v
}

// isoDate turns "20210329" into "2021-03-29"; anything else is returned unchanged.
func isoDate(v string) string {
	if len(v) == 8 && allDigits(v) {
		return v[:4] + "-" + v[4:6] + "-" + v[6:]
	}
	return v
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
