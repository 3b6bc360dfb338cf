package spac

// Fact is one value read from a filing, with its citation. Extractors emit facts; the fold turns
// a SPAC's facts into its Profile. Value is normalised (see the Field constants); the citation's
// Quote is the text as written on the cited line ("$250,000,000").
type Fact struct {
	CIK      CIK      `json:"cik"`
	Field    string   `json:"field"`
	Value    string   `json:"value"`
	Period   string   `json:"period,omitempty"` // YYYY-MM-DD the value is as of (XBRL period end)
	Citation Citation `json:"citation"`
}

// Field names of facts. Value formats: "money" is a decimal string with two fractional digits
// ("250000000.00"), "price" four ("10.0000"), "int" a plain integer ("25000000"), "date"
// YYYY-MM-DD, "text" as written (whitespace collapsed).
const (
	// Identity (SGML header / cover page).
	FieldCIK           = "cik"           // text: central index key, 10 digits
	FieldName          = "name"          // text: company conformed name
	FieldSIC           = "sic"           // text: "6770"
	FieldStateOfInc    = "state_of_inc"  // text
	FieldStatus        = "status"        // one of Statuses; the filing that sets a status
	FieldSector        = "sector"        // text: stated target industry focus ("technology")
	FieldExchange      = "exchange"      // text: "NYSE", "Nasdaq"
	FieldTickerUnits   = "ticker_units"  // text: "LCW.U"
	FieldTickerShares  = "ticker_shares" // text: "LCW"
	FieldTickerWarrant = "ticker_warrants"
	FieldTickerRights  = "ticker_rights"

	// Offering (S-1, 424B4, IPO 8-K).
	FieldUnitsOffered     = "units_offered"          // int
	FieldUnitPrice        = "unit_price"             // price
	FieldUnitStructure    = "unit_structure"         // text: "one Class A ordinary share and one-third of one redeemable warrant"
	FieldWarrantExercise  = "warrant_exercise_price" // price
	FieldTrustPerUnit     = "trust_per_unit"         // price
	FieldTrustSize        = "trust_size"             // money: amount placed in trust at IPO
	FieldDeadlineMonths   = "deadline_months"        // int: months from IPO closing
	FieldSponsor          = "sponsor"                // text
	FieldUnderwriter      = "underwriter"            // text; one fact per underwriter
	FieldIPODate          = "ipo_date"               // date: IPO closing (IPO 8-K)
	FieldIPOGrossProceeds = "ipo_gross_proceeds"     // money
	FieldPrivatePlacement = "private_placement"      // money: sponsor private placement
	FieldDeadline         = "deadline"               // date: liquidation deadline, when stated as a date
	FieldPeriodOfReport   = "period_of_report"       // date: the period a report or 8-K is of, as written on its line

	// Periodic reports (10-Q / 10-K inline XBRL); Period is the balance-sheet date.
	FieldTrustBalance       = "trust_balance"                // money
	FieldSharesSubjectToRed = "shares_subject_to_redemption" // int
	FieldRedemptionValuePS  = "redemption_value_per_share"   // price

	// Business combination (8-K 1.01, S-4/F-4, 425).
	FieldTarget          = "target"           // text: target company name
	FieldAgreementDate   = "agreement_date"   // date
	FieldPIPEAmount      = "pipe_amount"      // money
	FieldPIPEPrice       = "pipe_price"       // price
	FieldPIPEShares      = "pipe_shares"      // int
	FieldFPAAmount       = "fpa_amount"       // money: forward purchase agreement
	FieldFPAPrice        = "fpa_price"        // price
	FieldEarnoutShares   = "earnout_shares"   // int
	FieldEarnoutTerms    = "earnout_terms"    // text: the triggering condition as written
	FieldLockupDays      = "lockup_days"      // int: lockup period when stated in days
	FieldLockupMonths    = "lockup_months"    // int: lockup period when stated in months
	FieldMinimumCash     = "minimum_cash"     // money
	FieldTerminationDate = "termination_date" // date (8-K 1.02)
	FieldClosingDate     = "closing_date"     // date (8-K 2.01)
	FieldNewName         = "new_name"         // text: combined company name
	FieldNewTicker       = "new_ticker"       // text: combined company ticker
	// FieldExpectedClose is when the parties expect the combination to close, as stated: a
	// date ("2027-03-15"), a month ("2027-03"), a quarter ("2027-Q1") or a half ("2027-H1").
	FieldExpectedClose = "expected_close"

	// Shareholder meetings (8-K 5.07 / 5.03, PRE/DEF 14A, DEFM14A).
	FieldMeetingDate        = "meeting_date"        // date
	FieldRecordDate         = "record_date"         // date
	FieldRedemptionDeadline = "redemption_deadline" // date: last day to tender shares
	FieldMeetingKind        = "meeting_kind"        // "extension" | "business_combination"
	FieldVotesFor           = "votes_for"           // int
	FieldVotesAgainst       = "votes_against"       // int
	FieldVotesAbstain       = "votes_abstain"       // int
	FieldSharesRedeemed     = "shares_redeemed"     // int
	FieldRedemptionPrice    = "redemption_price"    // price per share
	FieldRedemptionAmount   = "redemption_amount"   // money
	FieldSharesRemaining    = "shares_remaining"    // int: public shares outstanding after redemptions
	FieldNewDeadline        = "new_deadline"        // date: deadline after an extension
	FieldOldDeadline        = "old_deadline"        // date: the deadline an extension replaces, when stated
	FieldTrustPerShare      = "trust_per_share"     // price: stated in a proxy
	FieldExtensionDeposit   = "extension_deposit"   // money: sponsor deposit into trust (8-K 8.01, proxy)

	// Liquidation and deregistration (8-K 8.01, Forms 25 / 25-NSE / 15).
	FieldLiquidationDate    = "liquidation_date"    // date: announced redemption of all public shares
	FieldLiquidationPrice   = "liquidation_price"   // price per share
	FieldDelistingDate      = "delisting_date"      // date
	FieldDeregistrationDate = "deregistration_date" // date
)

// ValueKind is the format of a fact's Value.
type ValueKind string

// Value kinds: money has two fractional digits ("250000000.00"), price four ("10.0000"), int is a
// plain integer, date is YYYY-MM-DD; text is as written with whitespace collapsed.
const (
	KindText  ValueKind = "text"
	KindMoney ValueKind = "money"
	KindPrice ValueKind = "price"
	KindInt   ValueKind = "int"
	KindDate  ValueKind = "date"
)

// fieldKinds lists every field whose value is not text.
var fieldKinds = map[string]ValueKind{
	FieldTrustSize: KindMoney, FieldIPOGrossProceeds: KindMoney, FieldPrivatePlacement: KindMoney,
	FieldTrustBalance: KindMoney, FieldPIPEAmount: KindMoney, FieldFPAAmount: KindMoney,
	FieldMinimumCash: KindMoney, FieldRedemptionAmount: KindMoney, FieldExtensionDeposit: KindMoney,

	FieldUnitPrice: KindPrice, FieldWarrantExercise: KindPrice, FieldTrustPerUnit: KindPrice,
	FieldRedemptionValuePS: KindPrice, FieldPIPEPrice: KindPrice, FieldFPAPrice: KindPrice,
	FieldRedemptionPrice: KindPrice, FieldTrustPerShare: KindPrice, FieldLiquidationPrice: KindPrice,

	FieldUnitsOffered: KindInt, FieldDeadlineMonths: KindInt, FieldSharesSubjectToRed: KindInt,
	FieldPIPEShares: KindInt, FieldEarnoutShares: KindInt, FieldLockupDays: KindInt,
	FieldLockupMonths: KindInt, FieldVotesFor: KindInt, FieldVotesAgainst: KindInt,
	FieldVotesAbstain: KindInt, FieldSharesRedeemed: KindInt, FieldSharesRemaining: KindInt,

	FieldIPODate: KindDate, FieldDeadline: KindDate, FieldAgreementDate: KindDate,
	FieldTerminationDate: KindDate, FieldClosingDate: KindDate, FieldMeetingDate: KindDate,
	FieldRecordDate: KindDate, FieldRedemptionDeadline: KindDate, FieldNewDeadline: KindDate,
	FieldLiquidationDate: KindDate, FieldDelistingDate: KindDate, FieldDeregistrationDate: KindDate,
	FieldPeriodOfReport: KindDate, FieldOldDeadline: KindDate,
}

// FieldKind returns the value kind of a fact field (text for fields not listed).
func FieldKind(field string) ValueKind {
	if k, ok := fieldKinds[field]; ok {
		return k
	}
	return KindText
}
