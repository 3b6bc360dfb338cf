package entity

import (
	"fmt"
	"strings"
	"testing"
)

// describe renders the entities of a text as "kind:core=value" for comparison.
func describe(text string) string {
	var out []string
	for _, e := range Recognise(text) {
		v := e.Value
		if e.Num != nil {
			v = e.Num.RatString()
		}
		if e.Unit != "" {
			v += " " + e.Unit
		}
		if e.Class != "" {
			v += " class " + e.Class
		}
		out = append(out, fmt.Sprintf("%s:%s=%s", e.Kind, e.Core(text), v))
	}
	return strings.Join(out, "; ")
}

func TestRecognise(t *testing.T) {
	tests := []struct{ in, want string }{
		{"holders of 968,617 Class A ordinary shares exercised their right to redeem at approximately $10.00 per share, for $9,686,170.",
			"shares:968,617=968617 class A; money:$10.00=10; money:$9,686,170=9686170"},
		// Units sold privately, named in lower case ("insider units", "private units").
		{"officers purchased 180,000 insider units and 95,000 private units at $8.00 per unit",
			"units:180,000=180000; units:95,000=95000; money:$8.00=8"},
		{"an aggregate of 46,700,000 shares of New Rocket Lab Common Stock at $10.00 per share",
			"shares:46,700,000=46700000; money:$10.00=10"},
		{"approximately $25.06 million (approximately $10.40 per share) and 2.3 million shares",
			"money:$25.06 million=25060000; money:$10.40=52/5; shares:2.3 million=2300000"},
		// A figure already in the millions with a scale word is a typo: no money is read.
		{"generating gross proceeds of $7,270,000 million, and $1,250 million of notes",
			"count:7,270,000=7270000; money:$1,250 million=1250000000"},
		// A thousands group typed with a period has no one reading: no money; a plain
		// three-decimal rate still is one.
		{"gross proceeds of $5,013.000 and a rate of $0.035 per share",
			"count:5,013=5013; money:$0.035=7/200"},
		{"On August 20, 2021 and on the 2nd day of May, 2025 and Sept. 30, 2022",
			"date:August 20, 2021=2021-08-20; date:the 2nd day of May, 2025=2025-05-02; date:Sept. 30, 2022=2022-09-30"},
		// A copy that lost the space after a date's comma.
		{"As of March 31,2022, the trust held $51,250,000",
			"date:March 31,2022=2022-03-31; money:$51,250,000=51250000"},
		// A note's heading run into the name that opens its text (an R page's note) is not
		// part of the name; a name that ends with the word keeps it.
		{"Note 1 — Description of Organization and Business Operations Kestrel Harbor Acquisition Corp. (the “Company”) and Celadon Operations Inc.",
			"org:Kestrel Harbor Acquisition Corp.=Kestrel Harbor Acquisition Corp.; org:Celadon Operations Inc.=Celadon Operations Inc."},
		{"held on March\u00a025,\u00a02021, record date September&nbsp;30,&nbsp;2020; on [\u2022], 2021",
			"date:March\u00a025,\u00a02021=2021-03-25; date:September&nbsp;30,&nbsp;2020=2020-09-30"},
		{"within twenty-four (24) months, six months, one year, 180 days, 20 trading days, a 12-month period",
			"duration:twenty-four (24) months=24 month; duration:six months=6 month; duration:one year=1 year; duration:180 days=180 day; duration:20 trading days=20 trading day; duration:12-month=12 month"},
		{"under the symbols “VACQ” and “VACQW,” respectively on The NASDAQ Stock Market LLC",
			"ticker:VACQ=VACQ; ticker:VACQW=VACQW; exchange:The NASDAQ Stock Market LLC=Nasdaq"},
		{"Vector Acquisition Corporation (Nasdaq: VACQ) with Rocket Lab USA, Inc., a Delaware corporation",
			"org:Vector Acquisition Corporation=Vector Acquisition Corporation; exchange:Nasdaq=Nasdaq; ticker:VACQ=VACQ; org:Rocket Lab USA, Inc.=Rocket Lab USA, Inc."},
		// Legal forms of other countries end a name as Inc. does.
		{"notice from Capital A Berhad and Kestrel Digital Sdn. Bhd. of its deal with Lumbra Energia Ltda. and Norrvik Oyj",
			"org:Capital A Berhad=Capital A Berhad; org:Kestrel Digital Sdn. Bhd.=Kestrel Digital Sdn. Bhd.; org:Lumbra Energia Ltda.=Lumbra Energia Ltda.; org:Norrvik Oyj=Norrvik Oyj"},
		// A firm whose partners' names are set off by commas is one name; a sentence's lead-in
		// before a comma is not part of it.
		{"Keefe, Holloway & Reed, Inc. and Pemberton, Hale & Co. are acting as representatives; however, Varnum & Co. LLC",
			"org:Keefe, Holloway & Reed, Inc.=Keefe, Holloway & Reed, Inc.; org:Pemberton, Hale & Co.=Pemberton, Hale & Co.; org:Varnum & Co. LLC=Varnum & Co. LLC"},
		{"Castellan Markets Inc., Penrose Lyle & Co. LLC and Wexcombe Capital LLC",
			"org:Castellan Markets Inc.=Castellan Markets Inc.; org:Penrose Lyle & Co. LLC=Penrose Lyle & Co. LLC; org:Wexcombe Capital LLC=Wexcombe Capital LLC"},
		{"Accordingly, Hale & Co. and Merritt Lynde, Pierce, Fenwick & Smith Incorporated",
			"org:Hale & Co.=Hale & Co.; org:Merritt Lynde, Pierce, Fenwick & Smith Incorporated=Merritt Lynde, Pierce, Fenwick & Smith Incorporated"},
		// A bank's country in brackets before its legal form is part of the name.
		{"Hollins Securities (USA) LLC and Varda Capital Markets (Europe) Limited are acting as joint book-running managers",
			"org:Hollins Securities (USA) LLC=Hollins Securities (USA) LLC; org:Varda Capital Markets (Europe) Limited=Varda Capital Markets (Europe) Limited"},
		// A firm named "<name> and Company" is one name ("Marlow and Company, LLC"), not "Company,
		// LLC" alone; "the Sponsor and the Company" joins no name.
		{"an affiliate of Marlow and Company, LLC, one of the lead underwriters, and Pell Sponsor LLC and the Company",
			"org:Marlow and Company, LLC=Marlow and Company, LLC; org:Pell Sponsor LLC=Pell Sponsor LLC"},
		{"by and among Vector, Prestige USA Merger Sub, Inc. and Rocket Lab USA, Inc. (the “SEC”)",
			"org:Prestige USA Merger Sub, Inc.=Prestige USA Merger Sub, Inc.; org:Rocket Lab USA, Inc.=Rocket Lab USA, Inc."},
		{"The Company and Goldman Sachs & Co. LLC; 59.03% of the votes; 22,806,594 575,588",
			"org:Goldman Sachs & Co. LLC=Goldman Sachs & Co. LLC; percent:59.03%=5903/100; count:22,806,594=22806594; count:575,588=575588"},
		{"TRIDENT ACQUISITIONS CORP. (NASDAQ: TDACU, TDAC, TDACW) and Hyde Park (OTC Bulletin Board: HYDQU)",
			"org:TRIDENT ACQUISITIONS CORP.=TRIDENT ACQUISITIONS CORP.; exchange:NASDAQ=Nasdaq; ticker:TDACU=TDACU; ticker:TDAC=TDAC; ticker:TDACW=TDACW; exchange:OTC Bulletin Board=OTC; ticker:HYDQU=HYDQU"},
		// A wire that parts a bracket's symbols with slashes.
		{"Wrenfield Acquisition Corp. (Nasdaq: WRFD/WRFDU/WRFDW) announced",
			"org:Wrenfield Acquisition Corp.=Wrenfield Acquisition Corp.; exchange:Nasdaq=Nasdaq; ticker:WRFD=WRFD; ticker:WRFDU=WRFDU; ticker:WRFDW=WRFDW"},
		{"Pellam Capital Corp. (NYSE: PLM.U / PLM / PLM WS) announced",
			"org:Pellam Capital Corp.=Pellam Capital Corp.; exchange:NYSE=NYSE; ticker:PLM.U=PLM.U; ticker:PLM=PLM; ticker:PLM WS=PLM WS"},
		{"holders of 13,663,728 publicly held shares of Class A common stock", "shares:13,663,728=13663728 class A"},
		{"Harrow Acquisition Corp. (NYSE Amex: HRW, HRW-U, HRW-WT) and Selkirk Corp. (NYSE Alternext US: SLK; SLK.WS)",
			"org:Harrow Acquisition Corp.=Harrow Acquisition Corp.; exchange:NYSE Amex=NYSE Amex; ticker:HRW=HRW; ticker:HRW-U=HRW-U; ticker:HRW-WT=HRW-WT; org:Selkirk Corp.=Selkirk Corp.; exchange:NYSE Alternext US=NYSE Alternext US; ticker:SLK=SLK; ticker:SLK.WS=SLK.WS"},
		{"Orrin Acquisition Corp. (“Orrin”) (NYSE AMEX: ORN, ORN.U, ORN.WS) announced",
			"org:Orrin Acquisition Corp.=Orrin Acquisition Corp.; exchange:NYSE AMEX=NYSE Amex; ticker:ORN=ORN; ticker:ORN.U=ORN.U; ticker:ORN.WS=ORN.WS"},
		{"Business Wire Fairlea Acquisition Corp. (the Company) announced", "org:Fairlea Acquisition Corp.=Fairlea Acquisition Corp."},
		{"NEW YORK -- Tolland Ridge Acquisition Company (NASDAQ: TRAC) (the Company) announced",
			"org:Tolland Ridge Acquisition Company=Tolland Ridge Acquisition Company; exchange:NASDAQ=Nasdaq; ticker:TRAC=TRAC"},
		{"The Company and Continental Stock Transfer Company agreed", ""},
		{"3 May 2021 - 12:00PM Fairlea Acquisition Corp. announced", "date:3 May 2021=2021-05-03; org:Fairlea Acquisition Corp.=Fairlea Acquisition Corp."},
		{"Fairlea Acquisition Corp. (AMEX:FLA) and (Nasdaq: FLB, FLBW and FLBU)",
			"org:Fairlea Acquisition Corp.=Fairlea Acquisition Corp.; exchange:AMEX=AMEX; ticker:FLA=FLA; exchange:Nasdaq=Nasdaq; ticker:FLB=FLB; ticker:FLBW=FLBW; ticker:FLBU=FLBU"},
		{"The Special Meeting of Stockholders of Kestrel Harbor Acquisition Corp. (the “Company”) will be held",
			"org:Kestrel Harbor Acquisition Corp.=Kestrel Harbor Acquisition Corp."},
		// An 8-K item's heading run into the name that opens its text.
		{"Item 1.01 Entry into a Material Definitive Agreement Quillon Vet Corporation (f/k/a Ardent Acquisition Corp.) has",
			"org:Quillon Vet Corporation=Quillon Vet Corporation; org:Ardent Acquisition Corp.=Ardent Acquisition Corp."},
		{"BUSINESS COMBINATION AGREEMENT BY AND AMONG PINE HOLLOW ACQUISITION CORP., THE AIR WATER COMPANY",
			"org:PINE HOLLOW ACQUISITION CORP.=PINE HOLLOW ACQUISITION CORP."},
		{"quoted on the OTC Bulletin Board under the symbols HYDQ and HYDQW, respectively",
			"exchange:the OTC Bulletin Board=OTC; ticker:HYDQ=HYDQ; ticker:HYDQW=HYDQW"},
		// A meeting's defined term in quotes is no symbol.
		{"was approved at an Extraordinary General Meeting (the “EGM”) of Quill on March 30, 2022",
			"date:March 30, 2022=2022-03-30"},
		// A bracket closed by the company's short name, after its symbol.
		{"and Quill Harbor Holdings Corp. (Nasdaq: QHHC; \"Quill\"), a blank check company",
			"org:Quill Harbor Holdings Corp.=Quill Harbor Holdings Corp.; exchange:Nasdaq=Nasdaq; ticker:QHHC=QHHC"},
		{"— Chardan 2008 China Acquisition Corp. (“Chardan” or the “Company”) (NASDAQ: CACAU) announced",
			"org:Chardan 2008 China Acquisition Corp.=Chardan 2008 China Acquisition Corp.; exchange:NASDAQ=Nasdaq; ticker:CACAU=CACAU"},
		{"In June 2021 Harlow Acquisition Corp. and in 2022 Selkirk Corp. announced",
			"org:Harlow Acquisition Corp.=Harlow Acquisition Corp.; org:Selkirk Corp.=Selkirk Corp."},
		// The exchange's earlier names in prose, with no bracket around them.
		{"units will trade on the American Stock Exchange, later on AMEX", "exchange:the American Stock Exchange=American Stock Exchange; exchange:AMEX=AMEX"},
		// A figure cut by the end of the text is not read; a sentence's final figure is.
		{"for a total of $2,500. It sold warrants for total proceeds of $7,000,", "money:$2,500=2500"},
		{"the votes were 12,500 for and 3,400,1", "count:12,500=12500"},
		{"30,000,000 Units, 5,333,333 private placement warrants and 1,000,000 rights",
			"units:30,000,000=30000000; warrants:5,333,333=5333333; rights:1,000,000=1000000"},
	}
	for _, tt := range tests {
		if got := describe(tt.in); got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
		scan := ScanText(tt.in)
		for _, e := range Recognise(tt.in) {
			if !scan.May(e.Kind) {
				t.Errorf("%q holds a %s, but its scan says it may not", tt.in, e.Kind)
			}
		}
		if got, want := scan.Mask().Text, Mask(tt.in).Text; got != want {
			t.Errorf("%q: Scan.Mask = %q, Mask = %q", tt.in, got, want)
		}
	}
}

// TestScanRulesOutKinds: a sentence without the clues of a kind (a "$" for money, a digit
// for a date) may not hold it, so the rules that need it skip recognising the sentence.
func TestScanRulesOutKinds(t *testing.T) {
	scan := ScanText("The board approved the extension of the deadline.")
	for _, k := range []Kind{Money, Shares, Date, Percent, Count, Ticker, Exchange, Org} {
		if scan.May(k) {
			t.Errorf("scan of a sentence without figures or names may hold a %s", k)
		}
	}
	if !ScanText("on August 20, 2021").May(Date) || !ScanText("for $10.00").May(Money) {
		t.Error("scan rules out a date or money the sentence holds")
	}
}

func TestMask(t *testing.T) {
	text := "holders of 968,617 Class A shares redeemed $9,686,170."
	m := Mask(text)
	if m.Text != "holders of ⟦shares 0⟧ redeemed ⟦money 1⟧." {
		t.Fatalf("masked = %q", m.Text)
	}
	at := strings.Index(m.Text, "⟦money")
	if got := text[m.Unmask(at, false):m.Unmask(at+len("⟦money 1⟧"), true)]; got != "$9,686,170" {
		t.Errorf("unmask = %q", got)
	}
	if got := text[m.Unmask(0, false):m.Unmask(len("holders"), true)]; got != "holders" {
		t.Errorf("unmask plain = %q", got)
	}
	if m.Unmask(len(m.Text), true) != len(text) {
		t.Errorf("unmask end = %d", m.Unmask(len(m.Text), true))
	}
}

// TestMaskGluedValues: text pulled out of tagged XBRL runs a value into the next word
// ("October 17, 2019to", "$36.8million"); the date and the money are read, and the mask puts
// back the space, so rules read "from ⟦date 0⟧ to ⟦date 1⟧"; a fifth digit is no year.
func TestMaskGluedValues(t *testing.T) {
	text := "extended from October 17, 2019to February 21, 2020 after redeeming $36.8million of shares"
	m := Mask(text)
	if want := "extended from ⟦date 0⟧ to ⟦date 1⟧ after redeeming ⟦money 2⟧ of shares"; m.Text != want {
		t.Fatalf("masked = %q, want %q", m.Text, want)
	}
	if v := m.Entities[0].Value; v != "2019-10-17" {
		t.Errorf("date = %q", v)
	}
	if n := m.Entities[2].Num.RatString(); n != "36800000" {
		t.Errorf("money = %s", n)
	}
	at := strings.Index(m.Text, " to ")
	if got := text[m.Unmask(at+1, false):m.Unmask(at+3, true)]; got != "to" {
		t.Errorf("unmask after the glued date = %q", got)
	}
	if got := describe("on March 3, 20241 the fund"); strings.Contains(got, "date:") {
		t.Errorf("a five-digit year read as a date: %s", got)
	}
}
