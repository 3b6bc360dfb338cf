package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestProxyCardDate: a proxy card's heading names the meeting and the date stands alone under
// it, the solicitation after them; a title of the proxy statement over the same words, or a
// date with no card's solicitation under it, gives nothing.
func TestProxyCardDate(t *testing.T) {
	cases := []struct {
		name, form string
		lines      []string
		want       string
	}{
		{"card over two lines", "DEFM14A", []string{"YOUR VOTE IS IMPORTANT.", "|", "SPECIAL MEETING OF", "STOCKHOLDERS", "May 4, 2021", "This Proxy is Solicited", "On Behalf Of The Board Of Directors"}, "2021-05-04"},
		{"card with the company's name", "DEF 14A", []string{"ANNUAL MEETING OF SHAREHOLDERS OF HARROW LANE ACQUISITION CORP.", "| June 9, 2008 |", "THIS PROXY IS SOLICITED ON BEHALF OF THE BOARD OF DIRECTORS"}, "2008-06-09"},
		{"statement's title", "DEF 14A", []string{"PROXY STATEMENT FOR THE", "SPECIAL MEETING OF STOCKHOLDERS", "May 1, 2023", "This proxy is solicited on behalf of the board of directors."}, ""},
		{"no solicitation", "DEF 14A", []string{"SPECIAL MEETING OF STOCKHOLDERS", "May 1, 2023", "Dear Stockholders:"}, ""},
	}
	for _, c := range cases {
		got := ""
		for _, f := range Facts(extracttest.Filing(c.form, nil, c.lines...)) {
			if f.Field == spac.FieldMeetingDate {
				got = f.Value
			}
		}
		if got != c.want {
			t.Errorf("%s: meeting_date %q, want %q", c.name, got, c.want)
		}
	}
}
