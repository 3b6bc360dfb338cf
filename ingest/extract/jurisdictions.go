package extract

// jurisdictions names the EDGAR state and country codes of the SGML header's STATE OF
// INCORPORATION (https://www.sec.gov/edgar/searchedgar/edgarstatecodes.htm): the US states,
// the Canadian provinces and the countries SPACs and their targets are incorporated in, so a
// header's "E9" and a prospectus's "Cayman Islands" are one value. A code not listed is kept
// as written.
var jurisdictions = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
	"CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
	"FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
	"IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
	"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
	"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
	"NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
	"NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
	"PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
	"WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
	"PR": "Puerto Rico", "GU": "Guam", "VI": "U.S. Virgin Islands",
	"A0": "Alberta", "A1": "British Columbia", "A2": "Manitoba", "A3": "New Brunswick",
	"A4": "Newfoundland", "A5": "Nova Scotia", "A6": "Ontario", "A7": "Prince Edward Island",
	"A8": "Quebec", "A9": "Saskatchewan", "B0": "Yukon", "Z4": "Canada",
	"E9": "Cayman Islands", "D8": "British Virgin Islands", "D0": "Bermuda",
	"1T": "Marshall Islands", "C5": "Bahamas", "K3": "Hong Kong", "U0": "Singapore",
	"X0": "United Kingdom", "L2": "Ireland", "Y9": "Jersey", "Y7": "Guernsey",
	"Y8": "Isle of Man", "N4": "Luxembourg", "P7": "Netherlands", "L3": "Israel",
	"V8": "Switzerland", "2M": "Germany", "I0": "France", "F4": "China", "F5": "Taiwan",
	"M0": "Japan", "M5": "South Korea", "K7": "India", "N8": "Malaysia", "O5": "Mexico",
	"D5": "Brazil", "C3": "Australia", "C0": "United Arab Emirates", "J1": "Gibraltar",
	"O1": "Malta", "G4": "Cyprus",
}

// jurisdictionName returns the name of an EDGAR state or country code, or the code itself.
func jurisdictionName(code string) string {
	if name, ok := jurisdictions[code]; ok {
		return name
	}
	return code
}
