package proxy

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

var extensionProxy = []string{
	"The Extraordinary General Meeting of Maple Ridge Acquisition Corp. will be held on December 8, 2022, at 10:00 a.m. Eastern Time, at the offices of counsel.",
	"The board has fixed the close of business on November 10, 2022 as the record date for the meeting.",
	"To exercise your redemption rights, you must tender your shares to the transfer agent prior to 5:00 p.m., Eastern Time, on December 6, 2022.",
	"Proposal No. 1 \u2014 The Extension Amendment Proposal \u2014 to amend the charter to extend the date by which the Company must consummate a business combination from December 10, 2022 to June 10, 2023.",
	"Based on the funds in the trust account, the redemption price will be approximately $10.14 per share (approximately $202,800,000 in the trust account).",
	"The warrants may be redeemed at approximately $0.01 per share of warrant value.",
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name  string
		form  string
		lines []string
		want  map[string][]string
	}{{
		name:  "DEF 14A extension",
		form:  "DEF 14A",
		lines: extensionProxy,
		want: map[string][]string{
			spac.FieldMeetingDate:        {"2022-12-08"},
			spac.FieldRecordDate:         {"2022-11-10"},
			spac.FieldRedemptionDeadline: {"2022-12-06"},
			spac.FieldNewDeadline:        {"2023-06-10"},
			spac.FieldMeetingKind:        {"extension"},
			spac.FieldTrustPerShare:      {"10.1400"},
			spac.FieldStatus:             {"in_extension"},
		},
	}, {
		name: "DEFM14A merger proxy",
		form: "DEFM14A",
		lines: []string{
			`The special meeting of stockholders will be held on September 28, 2022, at 10:00 a.m., New York City time.`,
			`Stockholders of record at the close of business on August 31, 2022 (the "record date") may vote.`,
			`On June 1, 2022, the Company entered into a Business Combination Agreement (the "Business Combination Agreement") with Nimbara Payments, Inc.`,
			`Proposal No. 1 - The Business Combination Proposal`,
		},
		want: map[string][]string{
			spac.FieldMeetingDate:   {"2022-09-28"},
			spac.FieldRecordDate:    {"2022-08-31"},
			spac.FieldMeetingKind:   {"business_combination"},
			spac.FieldTarget:        {"Nimbara Payments, Inc."},
			spac.FieldAgreementDate: {"2022-06-01"},
			spac.FieldStatus:        {"in_vote"},
		},
	}, {
		name:  "PREM14A without proposal name: kind from form, no status",
		form:  "PREM14A",
		lines: []string{"A special meeting will be held on a date to be announced."},
		want: map[string][]string{
			spac.FieldMeetingKind: {"business_combination"},
			spac.FieldStatus:      nil,
			spac.FieldMeetingDate: nil,
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extracttest.Filing(tt.form, nil, tt.lines...)
			facts := Extract(r)
			extracttest.CheckCited(t, r, facts)
			extracttest.Expect(t, facts, tt.want)
		})
	}
}
