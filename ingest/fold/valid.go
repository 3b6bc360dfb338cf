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

var fieldFormat = map[string]*regexp.Regexp{
	spac.FieldIPODate: dateRe, spac.FieldDeadline: dateRe, spac.FieldAgreementDate: dateRe,
	spac.FieldTerminationDate: dateRe, spac.FieldClosingDate: dateRe, spac.FieldMeetingDate: dateRe,
	spac.FieldRecordDate: dateRe, spac.FieldRedemptionDeadline: dateRe, spac.FieldNewDeadline: dateRe,
	spac.FieldLiquidationDate: dateRe, spac.FieldDelistingDate: dateRe, spac.FieldDeregistrationDate: dateRe,

	spac.FieldUnitsOffered: intRe, spac.FieldDeadlineMonths: intRe, spac.FieldSharesSubjectToRed: intRe,
	spac.FieldPIPEShares: intRe, spac.FieldEarnoutShares: intRe, spac.FieldLockupDays: intRe,
	spac.FieldLockupMonths: intRe, spac.FieldVotesFor: intRe, spac.FieldVotesAgainst: intRe,
	spac.FieldVotesAbstain: intRe, spac.FieldSharesRedeemed: intRe, spac.FieldSharesRemaining: intRe,

	spac.FieldUnitPrice: decimalRe, spac.FieldWarrantExercise: decimalRe, spac.FieldTrustPerUnit: decimalRe,
	spac.FieldTrustSize: decimalRe, spac.FieldIPOGrossProceeds: decimalRe, spac.FieldPrivatePlacement: decimalRe,
	spac.FieldTrustBalance: decimalRe, spac.FieldRedemptionValuePS: decimalRe, spac.FieldPIPEAmount: decimalRe,
	spac.FieldPIPEPrice: decimalRe, spac.FieldFPAAmount: decimalRe, spac.FieldFPAPrice: decimalRe,
	spac.FieldMinimumCash: decimalRe, spac.FieldRedemptionPrice: decimalRe, spac.FieldRedemptionAmount: decimalRe,
	spac.FieldTrustPerShare: decimalRe, spac.FieldExtensionDeposit: decimalRe, spac.FieldLiquidationPrice: decimalRe,
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
	re, ok := fieldFormat[f.Field]
	if !ok {
		return true
	}
	if re == dateRe {
		_, valid := parseDate(f.Value)
		return valid
	}
	return re.MatchString(f.Value)
}
