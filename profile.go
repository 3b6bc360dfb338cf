package spac

// Profile is everything known about one SPAC, folded from its facts. Every struct carries
// Citations for each of its non-empty fields (Field = the JSON field name).
type Profile struct {
	SPAC
	Offering    Offering     `json:"offering"`
	TrustSeries []TrustPoint `json:"trust_series"`
	Votes       []Vote       `json:"votes"`
	Redemptions []Redemption `json:"redemptions"`
	Extensions  []Extension  `json:"extensions"`
	// PendingExtension is an extension proposed by a proxy whose vote has not been reported
	// yet (status in_extension); nil otherwise.
	PendingExtension *PendingExtension `json:"pending_extension"`
	Combination      *Combination      `json:"combination"`
	Liquidation      *Liquidation      `json:"liquidation"`
	StatusHistory    []StatusChange    `json:"status_history"`
	Filings          []FilingRef       `json:"filings"`
}

// Offering is the IPO as registered (S-1/424B4) and closed (IPO 8-K, over-allotment, reports).
// Its sizes are one set, as of the same step: UnitsOffered is every unit sold (the base deal
// and OverAllotmentUnits, the units sold on the underwriters' option), or before the IPO the
// units offered; GrossProceeds, TrustAmount and PrivatePlacement are for those units.
type Offering struct {
	UnitsOffered         string     `json:"units_offered,omitempty" jsonschema:"format=decimal"`
	OverAllotmentUnits   string     `json:"over_allotment_units,omitempty" jsonschema:"format=decimal"` // included in units_offered
	TrustAmount          string     `json:"trust_amount,omitempty" jsonschema:"format=decimal"`         // amount placed (or, before the IPO, to be placed) in trust
	UnitPrice            string     `json:"unit_price,omitempty" jsonschema:"format=decimal"`
	UnitStructure        string     `json:"unit_structure,omitempty"`
	WarrantExercisePrice string     `json:"warrant_exercise_price,omitempty" jsonschema:"format=decimal"`
	TrustPerUnit         string     `json:"trust_per_unit,omitempty" jsonschema:"format=decimal"`
	DeadlineMonths       string     `json:"deadline_months,omitempty"`
	GrossProceeds        string     `json:"gross_proceeds,omitempty" jsonschema:"format=decimal"`
	PrivatePlacement     string     `json:"private_placement,omitempty" jsonschema:"format=decimal"`
	Underwriters         []string   `json:"underwriters,omitempty"`
	Citations            []Citation `json:"citations"`
}

// TrustPoint is the trust account as of a balance-sheet date (10-Q/10-K iXBRL).
type TrustPoint struct {
	Date                      string     `json:"date" jsonschema:"format=date"`
	Balance                   string     `json:"balance,omitempty" jsonschema:"format=decimal"`
	SharesSubjectToRedemption string     `json:"shares_subject_to_redemption,omitempty" jsonschema:"format=decimal"`
	RedemptionValuePerShare   string     `json:"redemption_value_per_share,omitempty" jsonschema:"format=decimal"`
	Citations                 []Citation `json:"citations"`
}

// Vote is a shareholder meeting and its result.
type Vote struct {
	Kind               string     `json:"kind"` // "extension" | "business_combination"
	MeetingDate        string     `json:"meeting_date,omitempty" jsonschema:"format=date"`
	RecordDate         string     `json:"record_date,omitempty" jsonschema:"format=date"`
	RedemptionDeadline string     `json:"redemption_deadline,omitempty" jsonschema:"format=date"`
	For                string     `json:"for,omitempty" jsonschema:"format=decimal"`
	Against            string     `json:"against,omitempty" jsonschema:"format=decimal"`
	Abstain            string     `json:"abstain,omitempty" jsonschema:"format=decimal"`
	Accession          string     `json:"accession"`
	Citations          []Citation `json:"citations"`
}

// Redemption is the outcome of a redemption offer tied to a vote. SharesBefore is the public
// share count before it (shares redeemed + shares remaining when both are stated) and
// RedeemedPct = SharesRedeemed / SharesBefore in percent (two fractional digits); Amount is
// derived as shares redeemed x price when the filing states no amount.
type Redemption struct {
	Date            string     `json:"date,omitempty" jsonschema:"format=date"`
	SharesRedeemed  string     `json:"shares_redeemed,omitempty" jsonschema:"format=decimal"`
	SharesBefore    string     `json:"shares_before,omitempty" jsonschema:"format=decimal"`
	RedeemedPct     string     `json:"redeemed_pct,omitempty" jsonschema:"format=decimal"`
	Price           string     `json:"price,omitempty" jsonschema:"format=decimal"`
	Amount          string     `json:"amount,omitempty" jsonschema:"format=decimal"`
	SharesRemaining string     `json:"shares_remaining,omitempty" jsonschema:"format=decimal"`
	Accession       string     `json:"accession"`
	Citations       []Citation `json:"citations"`
}

// Extension is a deadline extension (approved by vote or funded by a sponsor deposit).
// OldDeadline is the deadline it replaced: stated when the filing states it, else the deadline
// in force before it (derived).
type Extension struct {
	Date        string     `json:"date,omitempty" jsonschema:"format=date"`
	OldDeadline string     `json:"old_deadline,omitempty" jsonschema:"format=date"`
	NewDeadline string     `json:"new_deadline,omitempty" jsonschema:"format=date"`
	Deposit     string     `json:"deposit,omitempty" jsonschema:"format=decimal"`
	Accession   string     `json:"accession"`
	Citations   []Citation `json:"citations"`
}

// PendingExtension is an extension a proxy asks the shareholders to approve, before the vote's
// result is filed: the proposed terms as the latest proxy states them. Deposit is the sponsor
// deposit the proxy promises, as written (per month or in one sum: see its citation);
// EstimatedPerShare is the proxy's estimate of the per-share redemption price.
type PendingExtension struct {
	MeetingDate        string     `json:"meeting_date,omitempty" jsonschema:"format=date"`
	RecordDate         string     `json:"record_date,omitempty" jsonschema:"format=date"`
	RedemptionDeadline string     `json:"redemption_deadline,omitempty" jsonschema:"format=date"`
	OldDeadline        string     `json:"old_deadline,omitempty" jsonschema:"format=date"`
	NewDeadline        string     `json:"new_deadline,omitempty" jsonschema:"format=date"`
	Deposit            string     `json:"deposit,omitempty" jsonschema:"format=decimal"`
	EstimatedPerShare  string     `json:"estimated_per_share,omitempty" jsonschema:"format=decimal"`
	Accession          string     `json:"accession"`
	Citations          []Citation `json:"citations"`
}

// Combination is the business combination: agreement, financing terms and outcome.
type Combination struct {
	Target          string     `json:"target,omitempty"`
	AgreementDate   string     `json:"agreement_date,omitempty" jsonschema:"format=date"`
	TerminationDate string     `json:"termination_date,omitempty" jsonschema:"format=date"`
	ClosingDate     string     `json:"closing_date,omitempty" jsonschema:"format=date"`
	NewName         string     `json:"new_name,omitempty"`
	NewTicker       string     `json:"new_ticker,omitempty"`
	PIPE            PIPE       `json:"pipe"`
	FPA             FPA        `json:"fpa"`
	Earnout         Earnout    `json:"earnout"`
	Lockups         []Lockup   `json:"lockups"`
	MinimumCash     string     `json:"minimum_cash,omitempty" jsonschema:"format=decimal"`
	Citations       []Citation `json:"citations"`
}

// PIPE is a private investment in public equity committed alongside the combination.
type PIPE struct {
	Amount    string     `json:"amount,omitempty" jsonschema:"format=decimal"`
	Price     string     `json:"price,omitempty" jsonschema:"format=decimal"`
	Shares    string     `json:"shares,omitempty" jsonschema:"format=decimal"`
	Citations []Citation `json:"citations"`
}

// FPA is a forward purchase agreement.
type FPA struct {
	Amount    string     `json:"amount,omitempty" jsonschema:"format=decimal"`
	Price     string     `json:"price,omitempty" jsonschema:"format=decimal"`
	Citations []Citation `json:"citations"`
}

// Earnout is contingent consideration.
type Earnout struct {
	Shares    string     `json:"shares,omitempty" jsonschema:"format=decimal"`
	Terms     string     `json:"terms,omitempty"`
	Citations []Citation `json:"citations"`
}

// Lockup restricts a party's transfers for a period after the closing: Party is who is locked
// (one of LockupParties), Days or Months how long, from the combination's closing; Expires is
// derived from the closing date only once a completed closing states it.
type Lockup struct {
	Party     LockupParty `json:"party"`
	Days      string      `json:"days,omitempty"`
	Months    string      `json:"months,omitempty"`
	Expires   string      `json:"expires,omitempty" jsonschema:"format=date"` // derived from the closing date when known
	Citations []Citation  `json:"citations"`
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
	Date               string     `json:"date,omitempty" jsonschema:"format=date"`
	PricePerShare      string     `json:"price_per_share,omitempty" jsonschema:"format=decimal"`
	DelistingDate      string     `json:"delisting_date,omitempty" jsonschema:"format=date"`
	DeregistrationDate string     `json:"deregistration_date,omitempty" jsonschema:"format=date"`
	Citations          []Citation `json:"citations"`
}

// StatusChange is one step of the lifecycle, with the filing that caused it.
type StatusChange struct {
	Status   Status   `json:"status"`
	Date     string   `json:"date" jsonschema:"format=date"`
	Citation Citation `json:"citation"`
}

// FilingRef lists a filing of the SPAC in its profile.
type FilingRef struct {
	Accession string   `json:"accession"`
	Form      string   `json:"form"`
	FiledAt   string   `json:"filedAt" jsonschema:"format=date"`
	Items     []string `json:"items,omitempty"`
	URL       string   `json:"url"`
}
