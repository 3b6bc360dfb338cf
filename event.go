package spac

import "time"

// EventType is the kind of a calendar event (docs/decisions.md, "Alerts and calendar").
type EventType string

const (
	EventDeadline           EventType = "deadline"
	EventExtensionVote      EventType = "extension_vote"
	EventMergerVote         EventType = "merger_vote"
	EventRedemptionDeadline EventType = "redemption_deadline"
	EventLockupExpiry       EventType = "lockup_expiry"
	EventWarrantExpiry      EventType = "warrant_expiry"
	EventExpectedClose      EventType = "expected_close"
	EventLiquidationPayment EventType = "liquidation_payment"
)

// EventTypes lists every calendar event type.
var EventTypes = []EventType{
	EventDeadline, EventExtensionVote, EventMergerVote, EventRedemptionDeadline,
	EventLockupExpiry, EventWarrantExpiry, EventExpectedClose, EventLiquidationPayment,
}

// Event is a dated calendar entry derived from a SPAC's facts.
type Event struct {
	ID   string    `json:"id"` // stable: cik/type/date (cik/type/date/party for a lock-up's expiry)
	Type EventType `json:"type"`
	Date string    `json:"date" jsonschema:"format=date"` // YYYY-MM-DD; the first day of a period
	// EndDate and Period are set when the filing states a period rather than a day ("the
	// first quarter of 2027"): Date..EndDate is the range, Period the period as stated
	// normalised ("2027-Q1", "2027-03", "2027-H1").
	EndDate string `json:"end_date,omitempty" jsonschema:"format=date"`
	Period  string `json:"period,omitempty"`
	// Party is whose lock-up expires, for a lockup_expiry (one of LockupParties): each party's
	// lock-up is an event of its own (id cik/lockup_expiry/date/party).
	Party     LockupParty `json:"party,omitempty"`
	CIK       CIK         `json:"cik"`
	Symbol    string      `json:"symbol"`
	Name      string      `json:"name"`
	Title     string      `json:"title"`
	Citations []Citation  `json:"citations"`
}

// AlertKind is the kind of a fired alert.
type AlertKind string

const (
	AlertExtensionVote   AlertKind = "extension_vote"
	AlertHighRedemptions AlertKind = "high_redemptions"
	AlertTrustDrawdown   AlertKind = "trust_drawdown"
	AlertLockupExpiry    AlertKind = "lockup_expiry"
	AlertDespacClosing   AlertKind = "despac_closing"
	AlertNewIPO          AlertKind = "new_ipo"
	AlertLiquidation     AlertKind = "liquidation"
	AlertYTMArbitrage    AlertKind = "ytm_arbitrage"
)

// Severities are the alert severities, least severe first (Alert.Severity's jsonschema tag
// lists them for the OpenAPI document; api's tests hold the two equal).
var Severities = []string{"info", "warn", "high", "critical"}

// AlertKinds lists every alert kind.
var AlertKinds = []AlertKind{
	AlertExtensionVote, AlertHighRedemptions, AlertTrustDrawdown, AlertLockupExpiry,
	AlertDespacClosing, AlertNewIPO, AlertLiquidation, AlertYTMArbitrage,
}

// Alert is a fired alert, deduplicated per (CIK, Kind, SourceAccession). OccurredAt is the date
// of the event it reports (cited with field "occurredAt"); FiredAt is when it was recorded.
// Historical alerts report events already old when they were found (first build, rebuild,
// backfill): they are stored and listed but were never pushed to streams or webhooks.
type Alert struct {
	ID              string            `json:"id"`
	Seq             uint64            `json:"seq"` // position in the ordered alert log (SSE id)
	Kind            AlertKind         `json:"kind"`
	Severity        string            `json:"severity" jsonschema:"enum=info,enum=warn,enum=high,enum=critical"` // one of Severities
	Symbol          string            `json:"symbol"`
	CIK             CIK               `json:"cik"`
	OccurredAt      string            `json:"occurredAt" jsonschema:"format=date"` // YYYY-MM-DD
	FiredAt         time.Time         `json:"firedAt"`
	Historical      bool              `json:"historical"`
	Title           string            `json:"title"`
	Detail          map[string]string `json:"detail"` // numbers as decimal strings
	SourceAccession string            `json:"sourceAccession,omitempty"`
	Citations       []Citation        `json:"citations"`
}

// Article is a news item: aggregated from a feed or written for a notable filing.
type Article struct {
	ID          string     `json:"id"`
	Seq         uint64     `json:"seq"` // position in the ordered article log (SSE id)
	Title       string     `json:"title"`
	URL         string     `json:"url"`
	Source      string     `json:"source"` // feed name, or "filing"
	PublishedAt time.Time  `json:"publishedAt"`
	Summary     string     `json:"summary,omitempty"`
	CIKs        []CIK      `json:"ciks"`
	Symbols     []string   `json:"symbols"`
	Citations   []Citation `json:"citations"`
}
