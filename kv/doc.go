// Package kv is the Badger (v4) adapter of the SPAC Data API. *DB implements spac.FilingStore,
// spac.ProfileStore, spac.KeyStore, spac.CounterStore, spac.AlertStore, spac.ArticleStore,
// spac.IdempotencyStore and spac.ExportLinkStore; db.EventLog returns the persistent
// spac.StreamLog and db.Webhooks the persistent spac.WebhookStore.
//
// Key schema (every key is a readable string; <cik> is the 10-digit zero-padded CIK):
//
//	f/<accession>                 filing record: JSON of the spac.Filing, the content hash, the
//	                              number of canonical lines and the chunk size they were written with
//	t/<accession>/<chunk>         canonical text, JSON array of ChunkLines lines (default 256);
//	                              <chunk> is the 0-based chunk number, 6 digits, so Lines(from, to)
//	                              reads only the chunks it needs, never the whole text
//	x/<cik>/<accession>           JSON array of the spac.Fact extracted from one filing
//	c/<cik>/<accession>           empty: filing index by CIK (FilingsOf, EachCIK)
//	p/<cik>                       JSON of the folded spac.Profile (plus its Sample flag)
//	pk/<cik>                      keys the last PutProfile of <cik> owns (symbols, events), so the
//	                              next PutProfile deletes the stale ones
//	s/<TICKER>                    "<cik>" + "c" (current ticker) or "p" (previous ticker);
//	                              a current ticker wins over another SPAC's previous one
//	e/<date>/<cik>/<id>           JSON of one spac.Event, ordered by date
//	ie/<time>/<source>            JSON of one spac.IngestError; <time> is UTC, fixed width, sortable
//	k/<id>                        JSON of one spac.APIKey (with its hash)
//	kh/<hash>                     "<id>": key lookup by the SHA-256 of its secret
//	n/<key>                       counter: 8-byte big-endian int64, with a Badger TTL
//	m/watermark                   RFC 3339 time the served data last changed
//	l/<topic>/<id>                JSON of one spac.StreamEvent; <topic> path-escaped, <id> 20 digits
//	lm/<topic>                    last id the topic assigned (ids survive trimming and restarts)
//	al/<id>                       JSON of one spac.Alert (the first stored under the id)
//	alt/<desc time>/<id>          empty: alerts newest first; <desc time> is the fixed-width
//	                              UTC time with every digit d written as 9-d
//	ar/<id>, art/<desc time>/<id> the same for spac.Article
//	m/alertseq, m/articleseq      last Seq given to an alert / article
//	we/<id>, wo/<owner>/<id>      webhook endpoint (with owner and secret); index by owner key
//	wr/<owner>                    an API key retired from owning webhooks (revoked or rotated):
//	                              the successor key id, or empty; no endpoint is created for it
//	wd/<id>, wx/<endpoint>/<id>   webhook delivery (with payload); index by endpoint
//	wq/<time>/<seq>/<id>          empty: pending deliveries by next attempt, then creation
//	                              order (Due); <seq> is 20 digits. Deliveries stored before
//	                              they had a seq are queued as wq/<time>/<id>
//	wb/<seq>                      webhook outbox: JSON of one spac.OutboxEvent, written with the
//	                              change that caused it, deleted when expanded into deliveries
//	m/webhookseq, m/deliveryseq   last <seq> given to the webhook outbox / to a delivery
//	tf/<cik>/<accession>          fold mark: {hash, historical} of a filing stored but not yet
//	                              folded; written with the filing (in or before the transaction
//	                              of its f/ record), cleared by the pipeline after the fold
//	ob/<seq>                      fold outbox: JSON of one spac.FoldEvent (the profile before a
//	                              change whose hooks have not run), written with the new profile;
//	                              <seq> is 20 digits
//	m/foldseq                     last <seq> given to the fold outbox
//	src/<accession>               the source the filing was read from (spac.Source): a JSON line
//	                              (name, bare header data), then the data compressed with zstd
//	m/schema                      the schema version of the store (see schema.go)
//	xl/<id>                       JSON of one spac.ExportLink (with its token's hash); like the
//	                              two below, with a Badger TTL ending when the link expires
//	xh/<hash>                     "<id>": export link lookup by the SHA-256 of its token
//	xo/<key id>/<id>              empty: a key's export links
//	ik/<hash>                     JSON of one spac.IdempotentRecord (an Idempotency-Key's request
//	                              digest and first answer); <hash> is the hex SHA-256 of the
//	                              caller's key; a Badger TTL (24 h, less while unanswered)
//	st/<name>                     state a component persists (the EDGAR poller's paging position
//	                              and seen set, the backfill's progress)
//	rj/<seq>                      change journal (writer role only, WithJournal): JSON of one
//	                              spac.Change committed with the change it tells and deleted once
//	                              published to the replicas' stream; <seq> is 20 digits
//	m/journalseq                  last <seq> given to the change journal
//	m/applied                     a replica's position in the writer's stream: the last change
//	                              applied, written in the transaction that applies it
//	m/accessseeded                empty: a writer's API keys and webhook registrations are in
//	                              its journal (SeedJournal journals those of an older writer once)
//	m/linksseeded                 empty: the same for its export links
//
// PutFiling is idempotent: a filing whose content hash (filing JSON, lines, facts) equals the
// stored one writes nothing and reports changed == false. The watermark advances in the same
// transaction as any change to served data (a changed filing, a profile).
package kv

// The schema's key prefixes and fixed keys: every key is built from one of these (a test keeps
// the list, the comment above and the other files in step).
const (
	prefixFiling             = "f/"
	prefixText               = "t/"
	prefixFacts              = "x/"
	prefixFilingOfCIK        = "c/"
	prefixProfile            = "p/"
	prefixProfileOwns        = "pk/"
	prefixSymbol             = "s/"
	prefixEvent              = "e/"
	prefixIngestError        = "ie/"
	prefixAPIKey             = "k/"
	prefixAPIKeyHash         = "kh/"
	prefixCounter            = "n/"
	prefixStreamLog          = "l/"
	prefixStreamLast         = "lm/"
	prefixAlert              = "al/"
	prefixAlertByTime        = "alt/"
	prefixArticle            = "ar/"
	prefixArticleByTime      = "art/"
	prefixEndpoint           = "we/"
	prefixEndpointOfOwner    = "wo/"
	prefixDelivery           = "wd/"
	prefixDeliveryOfEndpoint = "wx/"
	prefixDue                = "wq/"
	prefixRetiredOwner       = "wr/"
	prefixWebhookOutbox      = "wb/"
	prefixFoldMark           = "tf/"
	prefixFoldEvent          = "ob/"
	prefixState              = "st/"
	prefixSource             = "src/"
	prefixIdempotency        = "ik/"
	prefixExportLink         = "xl/"
	prefixExportLinkHash     = "xh/"
	prefixExportLinkOfKey    = "xo/"
	prefixJournal            = "rj/"

	keyWatermark   = "m/watermark"
	keyAlertSeq    = "m/alertseq"
	keyArticleSeq  = "m/articleseq"
	keyFoldSeq     = "m/foldseq"
	keyWebhookSeq  = "m/webhookseq"
	keyDeliverySeq = "m/deliveryseq"
	keySchema      = "m/schema"
	keyJournalSeq  = "m/journalseq"
	keyApplied     = "m/applied"
	// A writer's store whose API keys and webhook registrations were journaled: a store that
	// was a writer's before they were replicated journals them once, on its next start.
	keyAccessSeeded = "m/accessseeded"
	// The same for export links, replicated later still.
	keyLinksSeeded = "m/linksseeded"
)
