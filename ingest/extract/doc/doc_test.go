package doc

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

func sectionsOf(d *Doc) string {
	var out []string
	for _, s := range d.Sections {
		out = append(out, fmt.Sprintf("%s%s%v@%d-%d", s.Kind, s.Item, s.Items, s.From, s.To))
	}
	return strings.Join(out, " ")
}

func TestCurrentReportSections(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"5.07", "8.01", "9.01"},
		"Cover page text",
		"Item 5.07 Submission of Matters to a Vote of Security Holders.",
		"On May 2, 2025, the Company held a special meeting.",
		"Item 8.01 Other Events.",
		"The press release is filed as Exhibit 99.1 hereto.",
		"Item 9.01 Financial Statements and Exhibits.",
		"SIGNATURES",
		"Pursuant to the requirements of the Securities Exchange Act of 1934 ...",
	)
	d := Build(r)
	first := r.Filing.Documents[0].FirstLine + 1
	want := fmt.Sprintf("cover[]@%d-%d item5.07[5.07]@%d-%d item8.01[8.01]@%d-%d item9.01[9.01]@%d-%d exhibit[5.07 8.01]@%d-%d",
		first, first, first+1, first+2, first+3, first+4, first+5, first+5, first+6, first+7)
	if got := sectionsOf(d); got != want {
		t.Errorf("sections\n got %s\nwant %s", got, want)
	}
	// An exhibit document is read as the items that name its number.
	r.Lines = append(r.Lines, "<DOCUMENT> TYPE=EX-99.1 SEQUENCE=2 FILENAME=ex.htm", "Release text.")
	r.Filing.Documents = append(r.Filing.Documents, spac.Document{Type: "EX-99.1", Sequence: 2, FirstLine: len(r.Lines) - 1, LastLine: len(r.Lines)})
	d = Build(r)
	last := d.Sections[len(d.Sections)-1]
	if last.Kind != Exhibit || strings.Join(last.Items, ",") != "8.01" {
		t.Errorf("exhibit section = %+v, want items [8.01] (the item that names Exhibit 99.1)", last)
	}
}

func TestHeadedSections(t *testing.T) {
	r := extracttest.Filing("424B4", nil,
		"$200,000,000",
		"TABLE OF CONTENTS",
		"Risk Factors 34",
		"SUMMARY",
		"This summary highlights information.",
		"RISK FACTORS",
		"If we are unable to complete our initial business combination, we may liquidate.",
		"Summary of Risk Factors",
		"USE OF PROCEEDS",
		"We estimate the proceeds.",
	)
	kinds := []string{}
	for _, s := range Build(r).Sections {
		kinds = append(kinds, string(s.Kind))
	}
	// The table-of-contents entry (page number) opens nothing; a title-case heading that is
	// the same kind as the current section does not split it.
	if got := strings.Join(kinds, " "); got != "cover body summary risk body" {
		t.Errorf("section kinds = %q", got)
	}
}

func TestSentencesSpanLines(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01. Other Events.",
		"In connection with the Business Combination, holders of 968,617 Class A ordinary shares exercised their right to redeem their shares for cash at a",
		"redemption price of approximately $10.00 per share, for an aggregate redemption amount of $9,686,170. Rocket Lab USA, Inc. The",
		"next sentence ends here.",
		"For Against Abstain",
		"A summary of the results is set forth below:",
		"The proposal passed.",
	)
	d := Build(r)
	var texts []string
	for _, s := range d.Sentences {
		texts = append(texts, s.Text)
	}
	want := []string{
		"Item 8.01.", "Other Events.",
		"In connection with the Business Combination, holders of 968,617 Class A ordinary shares exercised their right to redeem their shares for cash at a redemption price of approximately $10.00 per share, for an aggregate redemption amount of $9,686,170.",
		"Rocket Lab USA, Inc.", // a corporate suffix before "The" ends the sentence
		"The next sentence ends here.",
		"For Against Abstain",
		"A summary of the results is set forth below:",
		"The proposal passed.",
	}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Fatalf("sentences:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	s := d.Sentences[2]
	at := strings.Index(s.Text, "$10.00")
	line, quote := s.Locate(r, at, at+len("$10.00"))
	if quote != "$10.00" || !strings.Contains(r.Line(line), "redemption price of approximately $10.00") {
		t.Errorf("Locate($10.00) = line %d %q", line, quote)
	}
	// A range across the line break is cited on the line that holds most of it.
	at = strings.Index(s.Text, "at a redemption")
	line, quote = s.Locate(r, at, at+len("at a redemption price"))
	if quote != "redemption price" || !strings.HasPrefix(r.Line(line), "redemption price") {
		t.Errorf("Locate(across lines) = line %d %q", line, quote)
	}
}

// A line that ends inside a bracket, after a colon or a semicolon, does not end the sentence
// (a release's symbols broken over lines); outside a bracket it still does.
func TestBracketAcrossLines(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01. Other Events.",
		"Dateline, May 1, 2009 – Acme Acquisition Corp. (AMEX:",
		"ACQ) announced today that it met. Beta Acquisition Corp. (BAQ;",
		"BAQ.WS; BAQ.U) announced it too. The terms are set forth below:",
		"The first term.",
	)
	var texts []string
	for _, s := range Build(r).Sentences {
		texts = append(texts, s.Text)
	}
	want := "Item 8.01.|Other Events.|Dateline, May 1, 2009 – Acme Acquisition Corp. (AMEX: ACQ) announced today that it met.|" +
		"Beta Acquisition Corp. (BAQ; BAQ.WS; BAQ.U) announced it too.|The terms are set forth below:|The first term."
	if got := strings.Join(texts, "|"); got != want {
		t.Errorf("split as %q, want %q", got, want)
	}
}

func TestSentenceBoundaries(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Vector Acquisition Partners, L.P. (the “Sponsor”) agreed. It closed.", "Vector Acquisition Partners, L.P. (the “Sponsor”) agreed.|It closed."},
		{"The U.S. Bank trust held $10.10 per unit. At 10:00 a.m. Eastern Time, it met.", "The U.S. Bank trust held $10.10 per unit.|At 10:00 a.m. Eastern Time, it met."},
		{"Shares of Class A. The rest.", "Shares of Class A. The rest."},
		// a period typed after a full name does not cut it from its defined term; a quotation
		// in brackets that is no defined term still opens a sentence
		{"Boston -- Tamsin Acquisition Corporation. (“Tamsin”) (Nasdaq: TAMS) announced it. (“We are done,” said the chair.)", "Boston -- Tamsin Acquisition Corporation. (“Tamsin”) (Nasdaq: TAMS) announced it.|(“We are done,” said the chair.)"},
		{"As of June 30. 2024, there were 5 shares. It closed on May 2. 2025 Annual Meeting proposals follow.", "As of June 30. 2024, there were 5 shares.|It closed on May 2.|2025 Annual Meeting proposals follow."},
		// the typed-period date is recognised at the end of a long block too (only its tail is tested)
		{"It met. " + strings.Repeat("The trust held cash and securities ", 20) + "as of September 30. 2024, there were 5 shares.", "It met.|" + strings.Repeat("The trust held cash and securities ", 20) + "as of September 30. 2024, there were 5 shares."},
	}
	for _, c := range cases {
		r := extracttest.Filing("8-K", []string{"8.01"}, c.in)
		var texts []string
		for _, s := range Build(r).Sentences {
			texts = append(texts, s.Text)
		}
		if got := strings.Join(texts, "|"); got != c.want {
			t.Errorf("%q split as %q, want %q", c.in, got, c.want)
		}
	}
}

// BenchmarkBuildOneLongLine splits a 1 MB one-line document (a filing rendered without line
// breaks): the work must grow with the text, not with its square (a boundary test once matched
// the whole text before every period).
func BenchmarkBuildOneLongLine(b *testing.B) {
	line := strings.Repeat("On May 2, 2025, holders of 1,234,567 Class A ordinary shares redeemed at approximately $10.42 per share. ", 9000)
	r := extracttest.Filing("8-K", []string{"8.01"}, line)
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		Build(r)
	}
}

func TestLongTextIsCut(t *testing.T) {
	long := strings.Repeat("word ", 5000) // no punctuation at all
	r := extracttest.Filing("8-K", []string{"8.01"}, long)
	d := Build(r)
	if len(d.Sentences) < 2 {
		t.Fatalf("a %d-byte run without punctuation gave %d sentence(s)", len(long), len(d.Sentences))
	}
	for _, s := range d.Sentences {
		if len(s.Text) > maxSentence {
			t.Errorf("sentence of %d bytes, limit %d", len(s.Text), maxSentence)
		}
	}
}

func TestAlign(t *testing.T) {
	head := []spac.Cell{{Text: "For", Col: 25, Span: 3}, {Text: "Against", Col: 76, Span: 7}, {Text: "Abstain", Col: 128, Span: 7}}
	row := []spac.Cell{{Text: "22,806,594", Col: 21, Span: 10}, {Text: "575,588", Col: 75, Span: 7}, {Text: "231,427", Col: 127, Span: 7}}
	if got := fmt.Sprint(Align(head, row)); got != "[0 1 2]" {
		t.Errorf("Align = %s", got)
	}
	// Right-aligned figures that do not overlap their headings pair with the nearest column;
	// an empty cell pairs with nothing.
	row = []spac.Cell{{Text: "5,000", Col: 18, Span: 5}, {Text: "", Col: 60, Span: 1}, {Text: "12", Col: 137, Span: 2}}
	if got := fmt.Sprint(Align(head, row)); got != "[0 -1 2]" {
		t.Errorf("Align with drift = %s", got)
	}
}

func TestCellsFromPipes(t *testing.T) {
	r := extracttest.Filing("8-K", nil, "Units, each consisting of one share | | AJAX.U | | New York Stock Exchange |", "| a | b |")
	d := Build(r)
	n := r.Filing.Documents[0].FirstLine + 1
	var got []string
	for _, c := range d.Cells(n) {
		got = append(got, c.Text)
	}
	if strings.Join(got, ",") != "Units, each consisting of one share,,AJAX.U,,New York Stock Exchange" {
		t.Errorf("cells = %q (empty cells between pipes are kept)", got)
	}
	if c := d.Cells(n + 1); len(c) != 2 || c[1].Text != "b" {
		t.Errorf("markdown row cells = %+v", c)
	}
}

// TestCellBordersStandAlone: the XBRL viewer's pages as sites set them in text put a cell
// per line, its border a pipe; those lines are not prose to join with the note that follows.
func TestCellBordersStandAlone(t *testing.T) {
	r := extracttest.Filing("10-Q", nil,
		"|",
		"Subsequent Events",
		"|9 Months Ended",
		"Sep. 30, 2023",
		"|Subsequent Events [Abstract]",
		"Note 9 - Subsequent Events",
		"On October 2, 2023, the Company held a special meeting.",
		"Cash | $ 989,863 | $ 331,273 |",
		"Other Events |",
		"continued here.",
	)
	var texts []string
	for _, s := range Build(r).Sentences {
		texts = append(texts, s.Text)
	}
	want := "|\nSubsequent Events\n|9 Months Ended\nSep. 30, 2023\n|Subsequent Events [Abstract]\nNote 9 - Subsequent Events\n" +
		"On October 2, 2023, the Company held a special meeting.\nCash | $ 989,863 | $ 331,273 |\nOther Events | continued here."
	if got := strings.Join(texts, "\n"); got != want {
		t.Errorf("sentences:\n%s\nwant:\n%s", got, want)
	}
}

// A prospectus cover sets the company's name and its securities each on a line of its own;
// they are sentences of their own, not the start of the paragraph below them.
func TestRevisedProxyIsProxy(t *testing.T) {
	if c := ClassOf("PRER14A"); c != Proxy {
		t.Errorf("PRER14A class = %s, want proxy", c)
	}
}

func TestCoverQuantityLines(t *testing.T) {
	cases := []struct {
		lines []string
		want  string
	}{
		{[]string{"PROSPECTUS", "$150,000,000", "Larkspur Bay Acquisition Corporation", "15,000,000 units", "Larkspur Bay Acquisition Corporation is a blank check company."},
			"PROSPECTUS|$150,000,000|Larkspur Bay Acquisition Corporation|15,000,000 units|Larkspur Bay Acquisition Corporation is a blank check company."},
		{[]string{"$40,000,000", "QUILLON HOLDINGS CORP.", "5,000,000", "Units", "Quillon Holdings Corp. is a newly organized blank check company."},
			"$40,000,000|QUILLON HOLDINGS CORP.|5,000,000 Units|Quillon Holdings Corp. is a newly organized blank check company."},
		// Prose that a figure continues stays one sentence.
		{[]string{"On its closing date the company sold an aggregate of", "5,000,000 Units", "to the public."},
			"On its closing date the company sold an aggregate of 5,000,000 Units to the public."},
		{[]string{"The meeting was held on December", "14, 2022, and the proposal passed."},
			"The meeting was held on December 14, 2022, and the proposal passed."},
		// A dateline in title case runs on into the release's first sentence.
		{[]string{"NEW YORK, July 2, 2021 /PRNewswire/ -- Larkspur Bay Capital", "Corp IV (NYSE: LBCC) announced today."},
			"NEW YORK, July 2, 2021 /PRNewswire/ -- Larkspur Bay Capital Corp IV (NYSE: LBCC) announced today."},
		// ... and so does one with an en dash after its date, the company's name broken.
		{[]string{"NEW YORK, NY, May 24, 2017 – Larkspur", "Bay Capital Corp (NASDAQ: LBCC), a blank check company, announced today."},
			"NEW YORK, NY, May 24, 2017 – Larkspur Bay Capital Corp (NASDAQ: LBCC), a blank check company, announced today."},
		// A heading's dash follows no date: it stays a heading.
		{[]string{"PROPOSAL NO. 1 – THE EXTENSION PROPOSAL", "Larkspur Bay Acquisition Corporation is a blank check company."},
			"PROPOSAL NO. 1 – THE EXTENSION PROPOSAL|Larkspur Bay Acquisition Corporation is a blank check company."},
		// A heading that names a company ends with its legal form, not a sentence.
		{[]string{"The call starts at noon.", "About Quarry Lane Acquisition Corp.", "Quarry Lane Acquisition Corp. is a blank check company."},
			"The call starts at noon.|About Quarry Lane Acquisition Corp.|Quarry Lane Acquisition Corp. is a blank check company."},
	}
	for _, c := range cases {
		r := extracttest.Filing("424B4", nil, c.lines...)
		var texts []string
		for _, s := range Build(r).Sentences {
			texts = append(texts, s.Text)
		}
		if got := strings.Join(texts, "|"); got != c.want {
			t.Errorf("%q split as\n %q, want\n %q", c.lines, got, c.want)
		}
	}
}

// A hard-wrapped release breaks a firm's name after its first word at a paragraph's start
// ("Penrose" / "Lyle, Hartwell & Co and Quarry Securities LLC acted as ..."): the word runs on
// into the sentence; a one-word heading before a sentence stays a heading.
func TestOneWordLineRunsIntoName(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01. Other Events.",
		"The Company will search in any industry.",
		"Penrose",
		"Lyle, Hartwell & Co and Quarry Securities LLC acted as representatives of the underwriters.",
		"Overview",
		"On May 2, 2009, the Company closed its offering.",
		"Background",
		"Previously, the Company searched in any industry.",
	)
	var texts []string
	for _, s := range Build(r).Sentences {
		texts = append(texts, s.Text)
	}
	want := "Item 8.01.|Other Events.|The Company will search in any industry.|" +
		"Penrose Lyle, Hartwell & Co and Quarry Securities LLC acted as representatives of the underwriters.|" +
		"Overview|On May 2, 2009, the Company closed its offering.|Background|Previously, the Company searched in any industry."
	if got := strings.Join(texts, "|"); got != want {
		t.Errorf("split as %q, want %q", got, want)
	}
}

// A small business issuer's 10-QSB and 10-KSB (2004-2008 blank check companies filed them) are
// read as the quarterly and annual reports they stand for; other forms keep their base form.
func TestSmallBusinessReportsArePeriodic(t *testing.T) {
	for form, want := range map[string]string{"10-QSB": "10-Q", "10-QSB/A": "10-Q", "10-KSB": "10-K",
		"10-KSB/A": "10-K", "S-1/A": "S-1", "8-K": "8-K"} {
		if got := BaseForm(form); got != want {
			t.Errorf("BaseForm(%q) = %q, want %q", form, got, want)
		}
	}
	if c := ClassOf(BaseForm("10-KSB")); c != Periodic {
		t.Errorf("a 10-KSB is of class %v, want Periodic", c)
	}
}

// A 6-K has no Item headings: its cover and its exhibits are read as the 8-K items whose
// content a foreign private issuer furnishes under it, so a vote table reads as under 5.07.
func TestForeignReportReadsAsCurrent(t *testing.T) {
	r := extracttest.Filing("6-K", nil,
		"Report of Foreign Private Issuer",
		"On May 2, 2025, the Company held an extraordinary general meeting.",
		"SIGNATURES",
	)
	r.Lines = append(r.Lines, "<DOCUMENT> TYPE=EX-99.1 SEQUENCE=2 FILENAME=ex.htm", "Release text.")
	r.Filing.Documents = append(r.Filing.Documents, spac.Document{Type: "EX-99.1", Sequence: 2, FirstLine: len(r.Lines) - 1, LastLine: len(r.Lines)})
	d := Build(r)
	if d.Class != Current {
		t.Fatalf("class = %s, want %s", d.Class, Current)
	}
	for _, s := range d.Sections {
		if !s.HasItem("5.07") || !s.HasItem("8.01") || s.HasItem("9.01") {
			t.Errorf("section %s@%d items %v, want the foreign items (5.07 and 8.01, not 9.01)", s.Kind, s.From, s.Items)
		}
	}
	if !strings.Contains(sectionsOf(d), "exhibit") {
		t.Errorf("sections %s: want the exhibit", sectionsOf(d))
	}
}

// An 8-K that names no item in its header or its text is read as a business combination's
// report: its introductory note and its body would otherwise be read by no item-scoped rule.
func TestCurrentReportWithoutItemsReadsAsAnyItem(t *testing.T) {
	r := extracttest.Filing("8-K", nil,
		"Introductory Note.",
		"On May 2, 2021 (the Closing Date), Merger Sub merged with and into the Company.",
		"SIGNATURES",
	)
	d := Build(r)
	for _, s := range d.Sections {
		if !s.HasItem("2.01") || !s.HasItem("1.01") || s.HasItem("9.01") || s.HasItem("8.01") {
			t.Errorf("section %s@%d items %v, want the combination's items (1.01, 2.01; not 8.01, 9.01)", s.Kind, s.From, s.Items)
		}
	}
}

// A meeting's result reported under another item (the note issued for the extension, Item
// 1.01) is read as Item 5.07 too; a meeting still to come is not.
func TestMeetingReportReadsAsVoteItem(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"1.01", "2.03"},
		"Item 1.01 Entry into a Material Definitive Agreement.",
		"On June 3, 2024, Larchmont Acquisition Corp. held a special meeting of stockholders.",
		"Item 2.03 Creation of a Direct Financial Obligation.",
		"The special meeting will be held on July 9, 2024, and the note will be issued if the extension is approved.",
	)
	d := Build(r)
	for _, s := range d.Sections {
		switch s.Item {
		case "1.01":
			if !s.HasItem("5.07") || !s.HasItem("1.01") {
				t.Errorf("item 1.01 reporting a meeting held: items %v, want 1.01 and 5.07", s.Items)
			}
		case "2.03":
			if s.HasItem("5.07") {
				t.Errorf("item 2.03 announcing a meeting to come: items %v, want no 5.07", s.Items)
			}
		}
	}
}

// TestForwardNoteEndsAtNarrative: a report's note on forward-looking statements ends at the
// title-case heading that opens its narrative ("Overview", an item heading); a title-case
// line inside the note that is no such heading leaves it going on.
func TestForwardNoteEndsAtNarrative(t *testing.T) {
	r := extracttest.Filing("10-Q", nil,
		"Special Note Regarding Forward-Looking Statements",
		"This report includes forward-looking statements.",
		"Important Factors",
		"Our ability to complete a business combination may differ.",
		"Overview",
		"We are a blank check company incorporated in Delaware on May 3, 2021.",
		"Cautionary Note Regarding Forward-Looking Statements",
		"Words such as expect identify forward-looking statements.",
		"Item 3. Quantitative and Qualitative Disclosures About Market Risk",
		"Not applicable.",
	)
	kinds := []string{}
	for _, s := range Build(r).Sections {
		kinds = append(kinds, string(s.Kind))
	}
	if got := strings.Join(kinds, " "); got != "forward body forward body" {
		t.Errorf("section kinds = %q, want the note, the narrative, the note, the item", got)
	}
}

// TestPageNumberedIsTheRegexp: pageNumbered is the regexp it stands for, on random lines of
// digits, numerals, capitals, hyphens and white space.
func TestPageNumberedIsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`\s(?:\d{1,3}|[ivxl]{1,5}|[A-Z]-\d{1,3})$`)
	pieces := []string{"1", "23", "456", "7890", "i", "iv", "xl", "ll", "c", "A", "B-", "-", " ", "\t", "\n", "\v", "a", "Page", "é"}
	r := rand.New(rand.NewPCG(6, 26))
	found := 0
	for range 100000 {
		var b strings.Builder
		for n := r.IntN(8); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		line := b.String()
		if got, want := pageNumbered(line), re.MatchString(line); got != want {
			t.Fatalf("%q: %v, the regexp %v", line, got, want)
		} else if want {
			found++
		}
	}
	if found < 3000 {
		t.Errorf("only %d page numbers: the lines test little", found)
	}
}

// A title-case line that ends inside a bracket is no heading: a release's hard wrap breaks a
// sentence so ("Acme's sponsor, Acme Sponsor LLC (the" / "\"Sponsor\"), will continue ..."); a
// heading before it stays one.
func TestOpenBracketLineIsNoHeading(t *testing.T) {
	r := extracttest.Filing("8-K", []string{"8.01"},
		"Item 8.01. Other Events.",
		"The Company will hold its meeting.",
		"Sponsor to Continue Contributions to the Trust Account",
		"Acme's Sponsor, Acme Holdings LLC (the",
		`"Sponsor"), will continue to make deposits.`,
	)
	var texts []string
	for _, s := range Build(r).Sentences {
		texts = append(texts, s.Text)
	}
	want := "Item 8.01.|Other Events.|The Company will hold its meeting.|Sponsor to Continue Contributions to the Trust Account|" +
		`Acme's Sponsor, Acme Holdings LLC (the "Sponsor"), will continue to make deposits.`
	if got := strings.Join(texts, "|"); got != want {
		t.Errorf("split as %q, want %q", got, want)
	}
}

// TestLoneWordIsTheRegexp: loneWord is `^[A-Z][a-z]+$` on random words.
func TestLoneWordIsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[A-Z][a-z]+$`)
	pieces := []string{"A", "Z", "Ab", "a", "z", "bz", "b", "Q", "é", " ", "-", "1", "\n", "@", "[", "{", "`"}
	r := rand.New(rand.NewPCG(6, 27))
	found := 0
	for range 50000 {
		var b strings.Builder
		for n := r.IntN(5); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if got, want := loneWord(b.String()), re.MatchString(b.String()); got != want {
			t.Fatalf("%q: %v, the regexp %v", b.String(), got, want)
		} else if want {
			found++
		}
	}
	if found < 1000 {
		t.Errorf("only %d lone words: the words test little", found)
	}
}

// TestCharterCopyIsItsExhibit: a current report's lone document that opens with an "Exhibit
// 3.1" heading is the charter amendment itself, read as that exhibit; a report whose text only
// mentions the exhibit, and an "Exhibit 99.1" release, stay the report.
func TestCharterCopyIsItsExhibit(t *testing.T) {
	cases := []struct {
		lines []string
		want  string
	}{
		{[]string{"Exhibit 3.1", "CERTIFICATE OF AMENDMENT", "Acme Corp. hereby certifies ..."}, "EX-3.1"},
		{[]string{"EXHIBIT 3.2.", "AMENDMENT TO THE ARTICLES"}, "EX-3.2"},
		{[]string{"Item 5.03 Amendments to Articles.", "The amendment is filed as Exhibit 3.1."}, "8-K"},
		{[]string{"Exhibit 99.1", "Acme Corp. Announces ..."}, "8-K"},
	}
	for _, c := range cases {
		d := Build(extracttest.Filing("8-K", nil, c.lines...))
		if got := d.Sections[0].Document.Type; got != c.want {
			t.Errorf("%q: document type %s, want %s", c.lines[0], got, c.want)
		}
	}
}
