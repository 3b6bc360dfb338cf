package spac

// Fact is one value read from a filing, with its citation. Extractors emit facts; the fold turns
// a SPAC's facts into its Profile. Value is normalised (see the Field constants); the citation's
// Quote is the text as written on the cited line ("$250,000,000").
type Fact struct {
	CIK    CIK    `json:"cik"`
	Field  string `json:"field"`
	Value  string `json:"value"`
	Period string `json:"period,omitempty"` // YYYY-MM-DD the value is as of (XBRL period end)
	// Party is who the value holds for, for a field a filing states once per party: the party
	// of a lock-up (one of LockupParties). Empty for every other field.
	Party    string   `json:"party,omitempty"`
	Citation Citation `json:"citation"`
}

// Field names of facts. Each field's value kind (money, price, int, date, text) is listed once,
// in fieldKinds below: FieldKind reads it, and the extractors, the fold's validation and the
// extraction tests all go through it.
const (
	// Identity (SGML header / cover page).
	FieldCIK           = "cik"  // central index key, 10 digits
	FieldName          = "name" // company conformed name
	FieldSIC           = "sic"  // "6770"
	FieldStateOfInc    = "state_of_inc"
	FieldStatus        = "status"        // one of Statuses; the filing that sets a status
	FieldSector        = "sector"        // stated target industry focus, as written ("technology and technology-enabled services sectors")
	FieldExchange      = "exchange"      // "NYSE", "Nasdaq"
	FieldTickerUnits   = "ticker_units"  // "LCW.U"
	FieldTickerShares  = "ticker_shares" // "LCW"
	FieldTickerWarrant = "ticker_warrants"
	FieldTickerRights  = "ticker_rights"

	// Offering (S-1, 424B4, IPO 8-K).
	FieldUnitsOffered    = "units_offered"
	FieldUnitPrice       = "unit_price"
	FieldUnitStructure   = "unit_structure" // "one Class A ordinary share and one-third of one redeemable warrant"
	FieldWarrantExercise = "warrant_exercise_price"
	// FieldWarrantTermMonths is how long the warrants run after the business combination, in
	// months, as the prospectus or the warrant agreement states it ("expire five years after
	// the completion of our initial business combination": 60).
	FieldWarrantTermMonths = "warrant_term_months"
	FieldTrustPerUnit      = "trust_per_unit"
	FieldTrustSize         = "trust_size"      // amount placed in trust at IPO
	FieldDeadlineMonths    = "deadline_months" // months from IPO closing
	FieldSponsor           = "sponsor"
	FieldUnderwriter       = "underwriter" // one fact per underwriter
	FieldIPODate           = "ipo_date"    // IPO closing (IPO 8-K)
	FieldIPOGrossProceeds  = "ipo_gross_proceeds"
	FieldPrivatePlacement  = "private_placement" // sponsor private placement
	FieldDeadline          = "deadline"          // liquidation deadline, when stated as a date
	FieldPeriodOfReport    = "period_of_report"  // the period a report or 8-K is of, as written on its line

	// Periodic reports (10-Q / 10-K inline XBRL); Period is the balance-sheet date.
	FieldTrustBalance       = "trust_balance"
	FieldSharesSubjectToRed = "shares_subject_to_redemption"
	FieldRedemptionValuePS  = "redemption_value_per_share"

	// Business combination (8-K 1.01, S-4/F-4, 425).
	FieldTarget = "target" // target company name
	// FieldTargetSector is the target's business as a filing about the deal describes it, as
	// written ("end-to-end space company").
	FieldTargetSector  = "target_sector"
	FieldAgreementDate = "agreement_date"
	FieldPIPEAmount    = "pipe_amount"
	FieldPIPEPrice     = "pipe_price"
	FieldPIPEShares    = "pipe_shares"
	FieldFPAAmount     = "fpa_amount" // forward purchase agreement
	FieldFPAPrice      = "fpa_price"
	FieldEarnoutShares = "earnout_shares"
	FieldEarnoutTerms  = "earnout_terms" // the triggering condition as written
	FieldLockupDays    = "lockup_days"   // lockup period when stated in days
	FieldLockupMonths  = "lockup_months" // lockup period when stated in months
	// FieldLockupParty is who a lock-up binds (one of LockupParties), cited on the words
	// naming them; the fact's Party pairs it with the periods of the same statement.
	FieldLockupParty     = "lockup_party"
	FieldMinimumCash     = "minimum_cash"
	FieldTerminationDate = "termination_date" // 8-K 1.02
	FieldClosingDate     = "closing_date"     // 8-K 2.01
	FieldNewName         = "new_name"         // combined company name
	FieldNewTicker       = "new_ticker"       // combined company ticker
	// FieldExpectedClose is when the parties expect the combination to close, as stated: a
	// date ("2027-03-15"), a month ("2027-03"), a quarter ("2027-Q1") or a half ("2027-H1").
	FieldExpectedClose = "expected_close"

	// Shareholder meetings (8-K 5.07 / 5.03, PRE/DEF 14A, DEFM14A).
	FieldMeetingDate        = "meeting_date"
	FieldRecordDate         = "record_date"
	FieldRedemptionDeadline = "redemption_deadline" // last day to tender shares
	FieldMeetingKind        = "meeting_kind"        // "extension" | "business_combination"
	FieldVotesFor           = "votes_for"
	FieldVotesAgainst       = "votes_against"
	FieldVotesAbstain       = "votes_abstain"
	FieldSharesRedeemed     = "shares_redeemed"
	FieldRedemptionPrice    = "redemption_price" // per share
	FieldRedemptionAmount   = "redemption_amount"
	FieldSharesRemaining    = "shares_remaining"  // public shares outstanding after redemptions
	FieldNewDeadline        = "new_deadline"      // deadline after an extension
	FieldOldDeadline        = "old_deadline"      // the deadline an extension replaces, when stated
	FieldTrustPerShare      = "trust_per_share"   // stated in a proxy
	FieldExtensionDeposit   = "extension_deposit" // sponsor deposit into trust (8-K 8.01, proxy)

	// Liquidation and deregistration (8-K 8.01, Forms 25 / 25-NSE / 15).
	FieldLiquidationDate    = "liquidation_date"  // announced redemption of all public shares
	FieldLiquidationPrice   = "liquidation_price" // per share
	FieldDelistingDate      = "delisting_date"
	FieldDeregistrationDate = "deregistration_date"
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

// fieldKinds is the one list of value kinds: every field whose value is not text.
var fieldKinds = map[string]ValueKind{
	FieldTrustSize: KindMoney, FieldIPOGrossProceeds: KindMoney, FieldPrivatePlacement: KindMoney,
	FieldTrustBalance: KindMoney, FieldPIPEAmount: KindMoney, FieldFPAAmount: KindMoney,
	FieldMinimumCash: KindMoney, FieldRedemptionAmount: KindMoney, FieldExtensionDeposit: KindMoney,

	FieldUnitPrice: KindPrice, FieldWarrantExercise: KindPrice, FieldTrustPerUnit: KindPrice,
	FieldRedemptionValuePS: KindPrice, FieldPIPEPrice: KindPrice, FieldFPAPrice: KindPrice,
	FieldRedemptionPrice: KindPrice, FieldTrustPerShare: KindPrice, FieldLiquidationPrice: KindPrice,

	FieldUnitsOffered: KindInt, FieldDeadlineMonths: KindInt, FieldWarrantTermMonths: KindInt, FieldSharesSubjectToRed: KindInt,
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
