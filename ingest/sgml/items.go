package sgml

import (
	"regexp"
	"strings"
)

// itemNames maps 8-K item numbers to the names EDGAR writes in ITEM INFORMATION lines.
var itemNames = []struct{ number, name string }{
	{"1.01", "Entry into a Material Definitive Agreement"},
	{"1.02", "Termination of a Material Definitive Agreement"},
	{"1.03", "Bankruptcy or Receivership"},
	{"1.04", "Mine Safety - Reporting of Shutdowns and Patterns of Violations"},
	{"1.05", "Material Cybersecurity Incidents"},
	{"2.01", "Completion of Acquisition or Disposition of Assets"},
	{"2.02", "Results of Operations and Financial Condition"},
	{"2.03", "Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant"},
	{"2.04", "Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement"},
	{"2.05", "Costs Associated with Exit or Disposal Activities"},
	{"2.06", "Material Impairments"},
	{"3.01", "Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing"},
	{"3.02", "Unregistered Sales of Equity Securities"},
	{"3.03", "Material Modification to Rights of Security Holders"},
	{"4.01", "Changes in Registrant's Certifying Accountant"},
	{"4.02", "Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review"},
	{"5.01", "Changes in Control of Registrant"},
	{"5.02", "Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers"},
	{"5.03", "Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year"},
	{"5.04", "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"},
	{"5.05", "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics"},
	{"5.06", "Change in Shell Company Status"},
	{"5.07", "Submission of Matters to a Vote of Security Holders"},
	{"5.08", "Shareholder Director Nominations"},
	{"6.01", "ABS Informational and Computational Material"},
	{"6.02", "Change of Servicer or Trustee"},
	{"6.03", "Change in Credit Enhancement or Other External Support"},
	{"6.04", "Failure to Make a Required Distribution"},
	{"6.05", "Securities Act Updating Disclosure"},
	{"6.06", "Static Pool"},
	{"7.01", "Regulation FD Disclosure"},
	{"8.01", "Other Events"},
	{"9.01", "Financial Statements and Exhibits"},
}

// itemNumberRe finds a leading item number: "1.01", "Item 1.01", "Item 1.01: Entry into ...".
var itemNumberRe = regexp.MustCompile(`^(?i:item\s*)?([1-9])\.(\d{2})\b`)

// ItemNumber maps an 8-K item as EDGAR writes it to its number: a number ("1.01",
// "Item 1.01: ...") is taken as is; a name ("Entry into a Material Definitive Agreement")
// is matched ignoring case and punctuation, also when EDGAR truncated it.
func ItemNumber(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if m := itemNumberRe.FindStringSubmatch(s); m != nil {
		return m[1] + "." + m[2], true
	}
	key := itemKey(s)
	if len(key) < 8 {
		return "", false
	}
	for i, it := range itemNames {
		name := itemNameKeys[i]
		if key == name || strings.HasPrefix(name, key) || strings.HasPrefix(key, name) {
			return it.number, true
		}
	}
	return "", false
}

// itemNameKeys are the itemKeys of itemNames, made once rather than at every item a header
// names.
var itemNameKeys = func() []string {
	keys := make([]string, len(itemNames))
	for i, it := range itemNames {
		keys[i] = itemKey(it.name)
	}
	return keys
}()

// itemKey keeps only lower-cased letters and digits, so punctuation and spacing variants match.
func itemKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
