package spac

import "testing"

func TestPlausible(t *testing.T) {
	for _, c := range []struct {
		field, value string
		ok           bool
	}{
		{FieldTrustSize, "250000000.00", true},
		{FieldTrustSize, "1.00", false}, // "$1e308" read as a dollar
		{FieldTrustSize, "999999999999999999999999999999999999999999999999999999", false},
		{FieldTrustSize, "1e308", false},
		{FieldTrustSize, "-5000000.00", false},
		{FieldTrustBalance, "0.00", true},
		{FieldRedemptionAmount, "150000000000.00", false},
		{FieldExtensionDeposit, "160000.00", true},
		{FieldUnitPrice, "10.0000", true},
		{FieldUnitPrice, "0.0100", false},
		{FieldRedemptionPrice, "10.2500", true},
		{FieldDeadlineMonths, "24", true},
		{FieldDeadlineMonths, "2400", false},
		{FieldVotesFor, "21500000", true},
		{FieldName, "1e308", true},         // text: not a number's field
		{FieldIPODate, "2021-13-45", true}, // dates: the fold's check
	} {
		if err := Plausible(c.field, c.value); (err == nil) != c.ok {
			t.Errorf("Plausible(%s, %q) = %v, want ok %v", c.field, c.value, err, c.ok)
		}
	}
}
