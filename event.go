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
	// Stable id: cik/type/date (cik/type/date/party for a lock-up's expiry), the same on every
	// call.
	ID string `json:"id"`
	// What falls due: deadline, extension_vote, merger_vote, redemption_deadline, lockup_expiry,
	// warrant_expiry, expected_close or liquidation_payment.
	Type EventType `json:"type"`
	// The day it falls due (YYYY-MM-DD); for a stated period, its first day.
	Date string `json:"date" jsonschema:"format=date"`
	// For an event a filing dates by a period rather than a day ("the first quarter of 2027"): the
	// period's last day (YYYY-MM-DD); date is its first.
	EndDate string `json:"end_date,omitempty" jsonschema:"format=date"`
	// The period as the filing states it, normalised ("2027-Q1", "2027-03", "2027-H1"), when it
	// gives a period rather than a day; date..end_date is then its range.
	Period string `json:"period,omitempty"`
	// Whose lock-up expires, for a lockup_expiry: sponsor, target_holders, sponsor_and_holders,
	// pipe_investors or other; each party's lock-up is an event of its own (id
	// cik/lockup_expiry/date/party).
	Party LockupParty `json:"party,omitempty"`
	// The SPAC's SEC Central Index Key, 10 digits with leading zeros.
	CIK CIK `json:"cik"`
	// The SPAC's common-share ticker (the unit ticker before the shares list).
	Symbol string `json:"symbol"`
	// The SPAC's name.
	Name string `json:"name"`
	// One-line human description of the event, e.g. "ACME extension vote".
	Title string `json:"title"`
	// The filing lines the date (and party) were read from.
	Citations []Citation `json:"citations"`
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
	// Stable id of the alert: one per SPAC, kind and source filing (and party for a
	// lockup_expiry), so the same event never alerts twice.
	ID string `json:"id"`
	// Position in the ordered alert log; the SSE id of /v1/alerts/stream (send it as Last-Event-ID
	// to resume).
	Seq uint64 `json:"seq"`
	// What happened: new_ipo, extension_vote, high_redemptions, trust_drawdown, despac_closing,
	// liquidation, lockup_expiry or ytm_arbitrage (docs/api.md, "Alerts").
	Kind AlertKind `json:"kind"`
	// How urgent: info, warn, high or critical (high_redemptions grades by the share redeemed: 50
	// / 80 / 90 %).
	Severity string `json:"severity" jsonschema:"enum=info,enum=warn,enum=high,enum=critical"`
	// The SPAC's common-share ticker (the unit ticker before the shares list).
	Symbol string `json:"symbol"`
	// The SPAC's SEC Central Index Key, 10 digits with leading zeros.
	CIK CIK `json:"cik"`
	// Date of the event the alert reports (YYYY-MM-DD), e.g. the meeting or the closing; cited by
	// the citation of field occurredAt.
	OccurredAt string `json:"occurredAt" jsonschema:"format=date"`
	// When the service evaluated and raised the alert (UTC), usually soon after the filing was
	// ingested.
	FiredAt time.Time `json:"firedAt"`
	// True when the event was already older than the alert window (30 days) when found, e.g. in a
	// backfill: listed, but never pushed to the stream or to webhooks.
	Historical bool `json:"historical"`
	// One-line human summary of the alert.
	Title string `json:"title"`
	// The alert's figures by name (e.g. redeemed_pct, units, party); numbers are exact decimal
	// strings.
	Detail map[string]string `json:"detail"`
	// SEC accession number of the filing the alert was found in (e.g. 0001193125-24-012345).
	SourceAccession string `json:"sourceAccession,omitempty"`
	// Where each value of the alert was read: one citation per field, to the filing line.
	Citations []Citation `json:"citations"`
}

// Article is a news item: aggregated from a feed or written for a notable filing.
type Article struct {
	// Stable id of the article.
	ID string `json:"id"`
	// Position in the ordered article log; the SSE id of /v1/news/stream (send it as Last-Event-ID
	// to resume).
	Seq uint64 `json:"seq"`
	// The headline; for a filing article, what the filing reports.
	Title string `json:"title"`
	// Link to the article, or to the filing on SEC EDGAR for a filing article.
	URL string `json:"url"`
	// The news feed's name, or "filing" for an article the service wrote about a new filing.
	Source string `json:"source"`
	// When the article was published (UTC).
	PublishedAt time.Time `json:"publishedAt"`
	// A short plain-text summary, when the feed or the filing gives one.
	Summary string `json:"summary,omitempty"`
	// SEC CIKs of the SPACs the article is about.
	CIKs []CIK `json:"ciks"`
	// Tickers of the SPACs the article is about.
	Symbols []string `json:"symbols"`
	// For a filing article, the filing lines its summary was read from.
	Citations []Citation `json:"citations"`
}
