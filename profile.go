package spac

// Profile is everything known about one SPAC, folded from its facts. Every struct carries
// Citations for each of its non-empty fields (Field = the JSON field name).
type Profile struct {
	SPAC
	Offering      Offering       `json:"offering"`
	TrustSeries   []TrustPoint   `json:"trust_series"`
	Votes         []Vote         `json:"votes"`
	Redemptions   []Redemption   `json:"redemptions"`
	Extensions    []Extension    `json:"extensions"`
	Combination   *Combination   `json:"combination"`
	Liquidation   *Liquidation   `json:"liquidation"`
	StatusHistory []StatusChange `json:"status_history"`
	Filings       []FilingRef    `json:"filings"`
}

// Offering is the IPO as registered (S-1/424B4) and closed (IPO 8-K).
type Offering struct {
	UnitsOffered         string     `json:"units_offered,omitempty"`
	UnitPrice            string     `json:"unit_price,omitempty"`
	UnitStructure        string     `json:"unit_structure,omitempty"`
	WarrantExercisePrice string     `json:"warrant_exercise_price,omitempty"`
	TrustPerUnit         string     `json:"trust_per_unit,omitempty"`
	DeadlineMonths       string     `json:"deadline_months,omitempty"`
	GrossProceeds        string     `json:"gross_proceeds,omitempty"`
	PrivatePlacement     string     `json:"private_placement,omitempty"`
	Underwriters         []string   `json:"underwriters,omitempty"`
	Citations            []Citation `json:"citations"`
}

// TrustPoint is the trust account as of a balance-sheet date (10-Q/10-K iXBRL).
type TrustPoint struct {
	Date                      string     `json:"date"`
	Balance                   string     `json:"balance,omitempty"`
	SharesSubjectToRedemption string     `json:"shares_subject_to_redemption,omitempty"`
	RedemptionValuePerShare   string     `json:"redemption_value_per_share,omitempty"`
	Citations                 []Citation `json:"citations"`
}

// Vote is a shareholder meeting and its result.
type Vote struct {
	Kind               string     `json:"kind"` // "extension" | "business_combination"
	MeetingDate        string     `json:"meeting_date,omitempty"`
	RecordDate         string     `json:"record_date,omitempty"`
	RedemptionDeadline string     `json:"redemption_deadline,omitempty"`
	For                string     `json:"for,omitempty"`
	Against            string     `json:"against,omitempty"`
	Abstain            string     `json:"abstain,omitempty"`
	Accession          string     `json:"accession"`
	Citations          []Citation `json:"citations"`
}

// Redemption is the outcome of a redemption offer tied to a vote.
type Redemption struct {
	Date            string     `json:"date,omitempty"`
	SharesRedeemed  string     `json:"shares_redeemed,omitempty"`
	Price           string     `json:"price,omitempty"`
	Amount          string     `json:"amount,omitempty"`
	SharesRemaining string     `json:"shares_remaining,omitempty"`
	Accession       string     `json:"accession"`
	Citations       []Citation `json:"citations"`
}

// Extension is a deadline extension (approved by vote or funded by a sponsor deposit).
type Extension struct {
	Date        string     `json:"date,omitempty"`
	NewDeadline string     `json:"new_deadline,omitempty"`
	Deposit     string     `json:"deposit,omitempty"`
	Accession   string     `json:"accession"`
	Citations   []Citation `json:"citations"`
}

// Combination is the business combination: agreement, financing terms and outcome.
type Combination struct {
	Target          string     `json:"target,omitempty"`
	AgreementDate   string     `json:"agreement_date,omitempty"`
	TerminationDate string     `json:"termination_date,omitempty"`
	ClosingDate     string     `json:"closing_date,omitempty"`
	NewName         string     `json:"new_name,omitempty"`
	NewTicker       string     `json:"new_ticker,omitempty"`
	PIPE            PIPE       `json:"pipe"`
	FPA             FPA        `json:"fpa"`
	Earnout         Earnout    `json:"earnout"`
	Lockups         []Lockup   `json:"lockups"`
	MinimumCash     string     `json:"minimum_cash,omitempty"`
	Citations       []Citation `json:"citations"`
}

// PIPE is a private investment in public equity committed alongside the combination.
type PIPE struct {
	Amount    string     `json:"amount,omitempty"`
	Price     string     `json:"price,omitempty"`
	Shares    string     `json:"shares,omitempty"`
	Citations []Citation `json:"citations"`
}

// FPA is a forward purchase agreement.
type FPA struct {
	Amount    string     `json:"amount,omitempty"`
	Price     string     `json:"price,omitempty"`
	Citations []Citation `json:"citations"`
}

// Earnout is contingent consideration.
type Earnout struct {
	Shares    string     `json:"shares,omitempty"`
	Terms     string     `json:"terms,omitempty"`
	Citations []Citation `json:"citations"`
}

// Lockup restricts transfers for a period after closing.
type Lockup struct {
	Days      string     `json:"days,omitempty"`
	Months    string     `json:"months,omitempty"`
	Expires   string     `json:"expires,omitempty"` // derived from the closing date when known
	Citations []Citation `json:"citations"`
}

// Liquidation is the wind-down of a SPAC that did not combine.
type Liquidation struct {
	Date               string     `json:"date,omitempty"`
	PricePerShare      string     `json:"price_per_share,omitempty"`
	DelistingDate      string     `json:"delisting_date,omitempty"`
	DeregistrationDate string     `json:"deregistration_date,omitempty"`
	Citations          []Citation `json:"citations"`
}

// StatusChange is one step of the lifecycle, with the filing that caused it.
type StatusChange struct {
	Status   Status   `json:"status"`
	Date     string   `json:"date"`
	Citation Citation `json:"citation"`
}

// FilingRef lists a filing of the SPAC in its profile.
type FilingRef struct {
	Accession string   `json:"accession"`
	Form      string   `json:"form"`
	FiledAt   string   `json:"filedAt"`
	Items     []string `json:"items,omitempty"`
	URL       string   `json:"url"`
}
