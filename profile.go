package spac

// Profile is everything known about one SPAC, folded from its facts. Every struct carries
// Citations for each of its non-empty fields (Field = the JSON field name).
type Profile struct {
	SPAC
	// The IPO: units, prices, trust amount and terms, as registered and closed.
	Offering Offering `json:"offering"`
	// The trust account over time, one point per balance-sheet date (10-Q/10-K).
	TrustSeries []TrustPoint `json:"trust_series"`
	// Shareholder meetings (extension or business combination) and their results, one entry per
	// meeting.
	Votes []Vote `json:"votes"`
	// Redemptions of public shares, one entry per redemption event.
	Redemptions []Redemption `json:"redemptions"`
	// Extensions of the liquidation deadline, approved or funded.
	Extensions []Extension `json:"extensions"`
	// An extension a proxy proposes whose vote result has not been filed yet (status
	// in_extension); null otherwise.
	PendingExtension *PendingExtension `json:"pending_extension"`
	// The business combination (the merger with a target): agreement, financing, closing; null
	// before one is announced.
	Combination *Combination `json:"combination"`
	// The wind-down of a SPAC that did not combine; null unless one was announced.
	Liquidation *Liquidation `json:"liquidation"`
	// Each step of the SPAC's life with its date and the filing that caused it.
	StatusHistory []StatusChange `json:"status_history"`
	// The SPAC's filings the service holds.
	Filings []FilingRef `json:"filings"`
}

// Offering is the IPO as registered (S-1/424B4) and closed (IPO 8-K, over-allotment, reports).
// Its sizes are one set, as of the same step: UnitsOffered is every unit sold (the base deal
// and OverAllotmentUnits, the units sold on the underwriters' option), or before the IPO the
// units offered; GrossProceeds, TrustAmount and PrivatePlacement are for those units.
type Offering struct {
	// Units sold in the IPO, over-allotment included (before the IPO, the units offered).
	UnitsOffered string `json:"units_offered,omitempty" jsonschema:"format=decimal"`
	// Units sold on the underwriters' over-allotment option; included in units_offered.
	OverAllotmentUnits string `json:"over_allotment_units,omitempty" jsonschema:"format=decimal"`
	// Amount placed in the trust account at the IPO (US dollars); before the IPO, the amount to be
	// placed.
	TrustAmount string `json:"trust_amount,omitempty" jsonschema:"format=decimal"`
	// Price of one unit at the IPO (US dollars), usually 10.00.
	UnitPrice string `json:"unit_price,omitempty" jsonschema:"format=decimal"`
	// What one unit holds, as the prospectus states it, e.g. "one share and one-half of one
	// warrant".
	UnitStructure string `json:"unit_structure,omitempty"`
	// Price at which one whole warrant buys a share (US dollars), usually 11.50.
	WarrantExercisePrice string `json:"warrant_exercise_price,omitempty" jsonschema:"format=decimal"`
	// Amount placed in trust per unit sold (US dollars), e.g. 10.10.
	TrustPerUnit string `json:"trust_per_unit,omitempty" jsonschema:"format=decimal"`
	// Months from the IPO the SPAC has to complete a combination before it must liquidate.
	DeadlineMonths string `json:"deadline_months,omitempty"`
	// Gross proceeds of the IPO (US dollars): units sold x unit price.
	GrossProceeds string `json:"gross_proceeds,omitempty" jsonschema:"format=decimal"`
	// Proceeds of the private placement to the sponsor alongside the IPO (US dollars).
	PrivatePlacement string `json:"private_placement,omitempty" jsonschema:"format=decimal"`
	// The underwriters named in the prospectus.
	Underwriters []string `json:"underwriters,omitempty"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// TrustPoint is the trust account as of a balance-sheet date (10-Q/10-K iXBRL).
type TrustPoint struct {
	// The balance-sheet date (YYYY-MM-DD).
	Date string `json:"date" jsonschema:"format=date"`
	// Cash and investments held in the trust account on that date (US dollars).
	Balance string `json:"balance,omitempty" jsonschema:"format=decimal"`
	// Public shares that could be redeemed on that date.
	SharesSubjectToRedemption string `json:"shares_subject_to_redemption,omitempty" jsonschema:"format=decimal"`
	// The redemption value per share the report states (US dollars).
	RedemptionValuePerShare string `json:"redemption_value_per_share,omitempty" jsonschema:"format=decimal"`
	// The filing lines each field was read from (10-Q/10-K, often its iXBRL facts).
	Citations []Citation `json:"citations"`
}

// Vote is a shareholder meeting and its result.
type Vote struct {
	// What the meeting votes on: "extension" or "business_combination".
	Kind string `json:"kind"`
	// Date of the shareholder meeting (YYYY-MM-DD).
	MeetingDate string `json:"meeting_date,omitempty" jsonschema:"format=date"`
	// Record date: holders on this date may vote (YYYY-MM-DD).
	RecordDate string `json:"record_date,omitempty" jsonschema:"format=date"`
	// Last day to ask for redemption of shares in connection with the vote (YYYY-MM-DD).
	RedemptionDeadline string `json:"redemption_deadline,omitempty" jsonschema:"format=date"`
	// Shares voted for.
	For string `json:"for,omitempty" jsonschema:"format=decimal"`
	// Shares voted against.
	Against string `json:"against,omitempty" jsonschema:"format=decimal"`
	// Shares that abstained.
	Abstain string `json:"abstain,omitempty" jsonschema:"format=decimal"`
	// SEC accession number of the filing the meeting was first read from.
	Accession string `json:"accession"`
	// The filing lines each field was read from (proxy, amendments and the 8-K 5.07 results of the
	// same meeting).
	Citations []Citation `json:"citations"`
}

// Redemption is the outcome of a redemption offer tied to a vote. SharesBefore is the public
// share count before it (shares redeemed + shares remaining when both are stated) and
// RedeemedPct = SharesRedeemed / SharesBefore in percent (two fractional digits); Amount is
// derived as shares redeemed x price when the filing states no amount.
type Redemption struct {
	// Date of the redemption (YYYY-MM-DD), usually its meeting's.
	Date string `json:"date,omitempty" jsonschema:"format=date"`
	// Number of public shares redeemed.
	SharesRedeemed string `json:"shares_redeemed,omitempty" jsonschema:"format=decimal"`
	// Public shares outstanding just before the redemption (redeemed + remaining when both are
	// stated, else the shares left by the previous redemption or sold at the IPO).
	SharesBefore string `json:"shares_before,omitempty" jsonschema:"format=decimal"`
	// Share of the public shares redeemed: shares_redeemed / shares_before, in percent with two
	// decimals.
	RedeemedPct string `json:"redeemed_pct,omitempty" jsonschema:"format=decimal"`
	// What each redeemed share was paid (US dollars per share).
	Price string `json:"price,omitempty" jsonschema:"format=decimal"`
	// Total paid out of the trust (US dollars): stated, else shares redeemed x price.
	Amount string `json:"amount,omitempty" jsonschema:"format=decimal"`
	// Public shares left outstanding after the redemption.
	SharesRemaining string `json:"shares_remaining,omitempty" jsonschema:"format=decimal"`
	// SEC accession number of the filing that first reported the redemption.
	Accession string `json:"accession"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// Extension is a deadline extension (approved by vote or funded by a sponsor deposit).
// OldDeadline is the deadline it replaced: stated when the filing states it, else the deadline
// in force before it (derived).
type Extension struct {
	// Date the extension took effect or was approved (YYYY-MM-DD).
	Date string `json:"date,omitempty" jsonschema:"format=date"`
	// The deadline it replaced (YYYY-MM-DD): stated, else the deadline in force before it
	// (derived).
	OldDeadline string `json:"old_deadline,omitempty" jsonschema:"format=date"`
	// The new liquidation deadline (YYYY-MM-DD).
	NewDeadline string `json:"new_deadline,omitempty" jsonschema:"format=date"`
	// Money the sponsor paid into the trust for the extension (US dollars).
	Deposit string `json:"deposit,omitempty" jsonschema:"format=decimal"`
	// SEC accession number of the filing that reports the extension.
	Accession string `json:"accession"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// PendingExtension is an extension a proxy asks the shareholders to approve, before the vote's
// result is filed: the proposed terms as the latest proxy states them. Deposit is the sponsor
// deposit the proxy promises, as written (per month or in one sum: see its citation);
// EstimatedPerShare is the proxy's estimate of the per-share redemption price.
type PendingExtension struct {
	// Date of the shareholder meeting that votes on the extension (YYYY-MM-DD).
	MeetingDate string `json:"meeting_date,omitempty" jsonschema:"format=date"`
	// Record date: holders on this date may vote (YYYY-MM-DD).
	RecordDate string `json:"record_date,omitempty" jsonschema:"format=date"`
	// Last day to ask for redemption of shares in connection with the vote (YYYY-MM-DD).
	RedemptionDeadline string `json:"redemption_deadline,omitempty" jsonschema:"format=date"`
	// The deadline the extension would replace (YYYY-MM-DD).
	OldDeadline string `json:"old_deadline,omitempty" jsonschema:"format=date"`
	// The deadline proposed (YYYY-MM-DD).
	NewDeadline string `json:"new_deadline,omitempty" jsonschema:"format=date"`
	// The sponsor's deposit into the trust the proxy promises (US dollars), as written: per month
	// or in one sum (see its citation).
	Deposit string `json:"deposit,omitempty" jsonschema:"format=decimal"`
	// The proxy's estimate of what each public share will be redeemed for (US dollars).
	EstimatedPerShare string `json:"estimated_per_share,omitempty" jsonschema:"format=decimal"`
	// SEC accession number of the proxy the terms come from.
	Accession string `json:"accession"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// Combination is the business combination: agreement, financing terms and outcome.
type Combination struct {
	// The company the SPAC agreed to merge with.
	Target string `json:"target,omitempty"`
	// Date the business combination agreement was signed (YYYY-MM-DD).
	AgreementDate string `json:"agreement_date,omitempty" jsonschema:"format=date"`
	// Date the agreement was terminated (YYYY-MM-DD), if it was.
	TerminationDate string `json:"termination_date,omitempty" jsonschema:"format=date"`
	// Date the combination closed (YYYY-MM-DD), as a completed closing (8-K Item 2.01) states it.
	ClosingDate string `json:"closing_date,omitempty" jsonschema:"format=date"`
	// The combined company's name after the closing.
	NewName string `json:"new_name,omitempty"`
	// The combined company's ticker after the closing.
	NewTicker string `json:"new_ticker,omitempty"`
	// The private investment in public equity committed alongside the deal.
	PIPE PIPE `json:"pipe"`
	// The forward purchase agreement, if any.
	FPA FPA `json:"fpa"`
	// Extra shares the target's holders (or sponsor) receive if later conditions are met.
	Earnout Earnout `json:"earnout"`
	// Who may not sell their shares after the closing, and for how long: one entry per party and
	// period stated (docs/api.md, "Lock-ups").
	Lockups []Lockup `json:"lockups"`
	// The minimum cash condition: how much cash (US dollars) must be available at closing for the
	// deal to close.
	MinimumCash string `json:"minimum_cash,omitempty" jsonschema:"format=decimal"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// PIPE is a private investment in public equity committed alongside the combination.
type PIPE struct {
	// Total committed by the PIPE investors (US dollars).
	Amount string `json:"amount,omitempty" jsonschema:"format=decimal"`
	// Price per share of the PIPE (US dollars).
	Price string `json:"price,omitempty" jsonschema:"format=decimal"`
	// Number of shares the PIPE investors subscribe for.
	Shares string `json:"shares,omitempty" jsonschema:"format=decimal"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// FPA is a forward purchase agreement.
type FPA struct {
	// Total committed under the forward purchase agreement (US dollars).
	Amount string `json:"amount,omitempty" jsonschema:"format=decimal"`
	// Price per share or unit of the forward purchase (US dollars).
	Price string `json:"price,omitempty" jsonschema:"format=decimal"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// Earnout is contingent consideration.
type Earnout struct {
	// Number of earnout shares.
	Shares string `json:"shares,omitempty" jsonschema:"format=decimal"`
	// The conditions, as the filing states them (e.g. share price targets).
	Terms string `json:"terms,omitempty"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// Lockup restricts a party's transfers for a period after the closing: Party is who is locked
// (one of LockupParties), Days or Months how long, from the combination's closing; Expires is
// derived from the closing date only once a completed closing states it.
type Lockup struct {
	// Who is locked up: sponsor, target_holders, sponsor_and_holders, pipe_investors or other.
	Party LockupParty `json:"party"`
	// The lock-up period in days, as written ("180 days"), counted from the closing.
	Days string `json:"days,omitempty"`
	// The lock-up period in months, as written ("one year" = 12), counted from the closing.
	Months string `json:"months,omitempty"`
	// Date the lock-up ends (YYYY-MM-DD): closing date + period, derived once a completed closing
	// states the closing date.
	Expires string `json:"expires,omitempty" jsonschema:"format=date"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// LockupParty is who a lock-up binds: the party the sentence stating it names as locked up,
// read from the subject of the statement. A closed vocabulary (docs/api.md, "Lock-ups").
type LockupParty string

// Parties of a lock-up.
const (
	// LockupSponsor: the sponsor, its founders or initial holders, the SPAC's officers and
	// directors ("the Sponsor has agreed not to transfer its Founder Shares until ...").
	LockupSponsor LockupParty = "sponsor"
	// LockupTargetHolders: the target's owners: its stockholders, shareholders, equity holders,
	// members or sellers ("certain Rocket Lab stockholders", "each Company Holder").
	LockupTargetHolders LockupParty = "target_holders"
	// LockupSponsorAndHolders: one statement locking the sponsor up together with other
	// holders ("the Sponsor and the other holders party thereto", a registration rights
	// agreement's lock-up).
	LockupSponsorAndHolders LockupParty = "sponsor_and_holders"
	// LockupPIPEInvestors: the PIPE's subscribers.
	LockupPIPEInvestors LockupParty = "pipe_investors"
	// LockupOther: holders the statement names as none of these ("each Holder").
	LockupOther LockupParty = "other"
)

// LockupParties lists the parties a lock-up can name, in the order profiles list them.
var LockupParties = []LockupParty{LockupSponsor, LockupTargetHolders, LockupSponsorAndHolders, LockupPIPEInvestors, LockupOther}

// Liquidation is the wind-down of a SPAC that did not combine.
type Liquidation struct {
	// Date the trust is paid out to the public shareholders (YYYY-MM-DD).
	Date string `json:"date,omitempty" jsonschema:"format=date"`
	// What each public share is redeemed for in the liquidation (US dollars), as announced.
	PricePerShare string `json:"price_per_share,omitempty" jsonschema:"format=decimal"`
	// Date the securities are delisted (YYYY-MM-DD).
	DelistingDate string `json:"delisting_date,omitempty" jsonschema:"format=date"`
	// Date the SPAC deregisters with the SEC (YYYY-MM-DD).
	DeregistrationDate string `json:"deregistration_date,omitempty" jsonschema:"format=date"`
	// The filing lines each field was read from.
	Citations []Citation `json:"citations"`
}

// StatusChange is one step of the lifecycle, with the filing that caused it.
type StatusChange struct {
	// The status entered.
	Status Status `json:"status"`
	// Date of the change (YYYY-MM-DD).
	Date string `json:"date" jsonschema:"format=date"`
	// The filing line that caused the change.
	Citation Citation `json:"citation"`
}

// FilingRef lists a filing of the SPAC in its profile.
type FilingRef struct {
	// SEC accession number of the filing (e.g. 0001193125-24-012345); GET /v1/filings/{accession}
	// opens it.
	Accession string `json:"accession"`
	// The form type, e.g. "S-1", "424B4", "8-K", "10-Q", "DEF 14A".
	Form string `json:"form"`
	// Date it was filed with the SEC (YYYY-MM-DD).
	FiledAt string `json:"filedAt" jsonschema:"format=date"`
	// For an 8-K, the items it reports, e.g. ["1.01", "9.01"].
	Items []string `json:"items,omitempty"`
	// Link to the filing in the SEC archive (EDGAR).
	URL string `json:"url"`
}
