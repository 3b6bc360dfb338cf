package fold

import (
	"regexp"

	spac "github.com/spacdata/spac"
)

// Value formats of fact fields (fact.go). A fact whose value does not have its field's format
// is dropped by the fold: it would be shown as data it is not.
var (
	dateRe    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	intRe     = regexp.MustCompile(`^\d+$`)
	decimalRe = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
)

// kindFormat is the format each value kind must have.
var kindFormat = map[spac.ValueKind]*regexp.Regexp{
	spac.KindDate: dateRe, spac.KindInt: intRe, spac.KindMoney: decimalRe, spac.KindPrice: decimalRe,
}

// usable reports whether a fact can be folded: it is cited (has an accession), has a value, and
// the value has its field's format (dates must also be real calendar dates).
func usable(f spac.Fact) bool {
	if f.Citation.Accession == "" || f.Value == "" {
		return false
	}
	if f.Field == spac.FieldStatus {
		return spac.Status(f.Value).Valid()
	}
	if spac.Plausible(f.Field, f.Value) != nil { // stored before ingest dropped such values
		return false
	}
	re, ok := kindFormat[spac.FieldKind(f.Field)]
	if !ok {
		return true
	}
	if re == dateRe {
		_, valid := parseDate(f.Value)
		return valid
	}
	return re.MatchString(f.Value)
}
