package ixbrl

import (
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/htmltext"
)

const sampleDoc = `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL">
<head><title>10-Q</title></head>
<body>
<div style="display: none">
<ix:header>
 <ix:hidden>
  <ix:nonNumeric name="dei:AmendmentFlag" contextRef="D2023">false</ix:nonNumeric>
  <ix:nonNumeric name="dei:EntityCentralIndexKey" contextRef="D2023">0001847577</ix:nonNumeric>
 </ix:hidden>
 <ix:resources>
  <xbrli:context id="D2023"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001847577</xbrli:identifier></xbrli:entity>
   <xbrli:period><xbrli:startDate>2023-01-01</xbrli:startDate><xbrli:endDate>2023-09-30</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:context id="I20230930"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001847577</xbrli:identifier></xbrli:entity>
   <xbrli:period><xbrli:instant>2023-09-30</xbrli:instant></xbrli:period></xbrli:context>
  <xbrli:context id="I20230930_ClassA"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001847577</xbrli:identifier>
   <xbrli:segment><xbrldi:explicitMember dimension="us-gaap:StatementClassOfStockAxis">us-gaap:CommonClassAMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
   <xbrli:period><xbrli:instant>2023-09-30</xbrli:instant></xbrli:period></xbrli:context>
  <xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
  <xbrli:unit id="shares"><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unit>
  <xbrli:unit id="USDPerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator>
   <xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
 </ix:resources>
</ix:header>
</div>
<p>LEARN CW INVESTMENT CORPORATION</p>
<p>CONDENSED BALANCE SHEETS</p>
<table>
<tr><td>Investments held in Trust Account</td><td>$</td><td><ix:nonFraction name="us-gaap:AssetsHeldInTrustNoncurrent" contextRef="I20230930" unitRef="USD" decimals="0" scale="0" format="ixt:num-dot-decimal">251,234,567</ix:nonFraction></td></tr>
<tr><td>Net loss</td><td>$</td><td>(<ix:nonFraction name="us-gaap:NetIncomeLoss" contextRef="D2023" unitRef="USD" decimals="-5" scale="6" sign="-" format="ixt:numdotdecimal">1.5</ix:nonFraction></td><td>)</td></tr>
<tr><td>Class A shares subject to redemption</td><td><ix:nonFraction name="us-gaap:TemporaryEquitySharesOutstanding" contextRef="I20230930_ClassA" unitRef="shares" decimals="INF" format="ixt:num-dot-decimal">23,000,000</ix:nonFraction></td></tr>
<tr><td>Redemption value per share</td><td>$</td><td><ix:nonFraction name="us-gaap:TemporaryEquityRedemptionPricePerShare" contextRef="I20230930_ClassA" unitRef="USDPerShare" decimals="2">10.92</ix:nonFraction></td></tr>
<tr><td>Deferred underwriting fee</td><td><ix:nonFraction name="us-gaap:DeferredUnderwritingFee" contextRef="I20230930" unitRef="USD" format="ixt:fixed-zero" scale="0">—</ix:nonFraction></td></tr>
</table>
<p>The Company has until <ix:nonNumeric name="spac:Deadline" contextRef="D2023">March 13,
<b>2024</b></ix:nonNumeric> to complete a business combination, or
<ix:nonFraction name="spac:ExtensionMonths" contextRef="D2023" unitRef="pure" format="ixt-sec:numwordsen">twenty-four</ix:nonFraction> months.</p>
</body></html>`

func TestExtract(t *testing.T) {
	r := htmltext.Render([]byte(sampleDoc))
	for i, l := range r.Lines {
		t.Logf("%2d %s", i+1, l)
	}
	facts := Extract(r, "lcw-20230930.htm", 100)
	byConcept := map[string]spac.XBRLFact{}
	for _, f := range facts {
		byConcept[f.Concept] = f
	}
	cases := []struct {
		concept, value, raw, period, unit, member string
		line                                      int
		hidden                                    bool
	}{
		{"dei:EntityCentralIndexKey", "0001847577", "0001847577", "2023-09-30", "", "", 0, true},
		{"us-gaap:AssetsHeldInTrustNoncurrent", "251234567", "251,234,567", "2023-09-30", "iso4217:USD", "", 104, false},
		{"us-gaap:NetIncomeLoss", "-1500000", "1.5", "2023-09-30", "iso4217:USD", "", 105, false},
		{"us-gaap:TemporaryEquitySharesOutstanding", "23000000", "23,000,000", "2023-09-30", "xbrli:shares", "us-gaap:CommonClassAMember", 106, false},
		{"us-gaap:TemporaryEquityRedemptionPricePerShare", "10.92", "10.92", "2023-09-30", "iso4217:USD/xbrli:shares", "us-gaap:CommonClassAMember", 107, false},
		{"us-gaap:DeferredUnderwritingFee", "0", "—", "2023-09-30", "iso4217:USD", "", 108, false},
		{"spac:Deadline", "March 13, 2024", "March 13, 2024", "2023-09-30", "", "", 109, false},
		{"spac:ExtensionMonths", "24", "twenty-four", "2023-09-30", "pure", "", 109, false},
	}
	if len(facts) != len(cases)+1 { // + dei:AmendmentFlag
		t.Errorf("%d facts, want %d: %+v", len(facts), len(cases)+1, facts)
	}
	for _, c := range cases {
		f, ok := byConcept[c.concept]
		if !ok {
			t.Errorf("%s missing", c.concept)
			continue
		}
		if f.Value != c.value || f.Raw != c.raw || f.Period != c.period || f.Unit != c.unit ||
			f.Member != c.member || f.Line != c.line || f.Hidden != c.hidden || f.Document != "lcw-20230930.htm" {
			t.Errorf("%s = %+v, want %+v", c.concept, f, c)
		}
		if f.Line > 0 && !strings.Contains(r.Lines[f.Line-101], f.Raw) {
			t.Errorf("%s: line %d %q does not contain %q", c.concept, f.Line, r.Lines[f.Line-101], f.Raw)
		}
	}
	if got := r.Lines[4]; got != "Net loss | $(1.5)" {
		t.Errorf("glued row = %q", got)
	}
}

func TestContextsDuration(t *testing.T) {
	r := htmltext.Render([]byte(sampleDoc))
	c := Contexts(r.Header)["D2023"]
	if c.Start != "2023-01-01" || c.End != "2023-09-30" || c.Instant || c.Entity != "0001847577" {
		t.Errorf("context = %+v", c)
	}
}

func TestNumericValue(t *testing.T) {
	cases := []struct{ text, format, scale, sign, want string }{
		{"251,234,567", "ixt:num-dot-decimal", "0", "", "251234567"},
		{"1.5", "ixt:numdotdecimal", "6", "", "1500000"},
		{"1.5", "", "6", "-", "-1500000"},
		{"12,345", "", "3", "", "12345000"},
		{"0.05", "", "-2", "", "0.0005"},
		{"10.00", "", "", "", "10"},
		{"1.234,56", "ixt:num-comma-decimal", "", "", "1234.56"},
		{"—", "ixt:fixed-zero", "", "-", "0"},
		{"-", "ixt:zerodash", "", "", "0"},
		{"twenty four", "ixt-sec:numwordsen", "", "", "24"},
		{"one hundred five", "ixt-sec:numwordsen", "", "", "105"},
		{"007", "", "", "", "7"},
	}
	for _, c := range cases {
		got, ok := NumericValue(c.text, c.format, c.scale, c.sign)
		if !ok || got != c.want {
			t.Errorf("NumericValue(%q, %q, %q, %q) = %q, %v; want %q", c.text, c.format, c.scale, c.sign, got, ok, c.want)
		}
	}
	for _, bad := range [][4]string{{"abc", "", "", ""}, {"1", "", "x", ""}, {"", "", "", ""}, {"lots", "ixt-sec:numwordsen", "", ""}} {
		if v, ok := NumericValue(bad[0], bad[1], bad[2], bad[3]); ok {
			t.Errorf("NumericValue(%q) = %q, want failure", bad, v)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(sampleDoc))
	f.Add([]byte(`<ix:nonFraction name="a:b" scale="99">1</ix:nonFraction>`))
	f.Add([]byte(`<ix:header><xbrli:context id="c"><ix:nonNumeric name="x" contextRef="c">t`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := htmltext.Render(data)
		for _, fact := range Extract(r, "d.htm", 0) {
			if fact.Line < 0 || fact.Line > len(r.Lines) {
				t.Fatalf("fact line %d out of range (%d lines)", fact.Line, len(r.Lines))
			}
			if fact.Numeric && fact.Value != "" && strings.Trim(fact.Value, "-0123456789.") != "" {
				t.Fatalf("numeric value %q not a decimal", fact.Value)
			}
		}
	})
}
