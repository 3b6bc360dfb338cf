package extracttest

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Doc is one row of a realdata docs.tsv: the EDGAR header data of a document kept as text.
type Doc struct {
	Name, Form, Accession, Filed, CIK, Company string
	Items                                      []string
}

// ReadTSV reads a tab-separated file with a header row into maps keyed by column name.
func ReadTSV(path string) ([]map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	head := strings.Split(lines[0], "\t")
	var out []map[string]string
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		cols := strings.Split(l, "\t")
		row := map[string]string{}
		for i, h := range head {
			if i < len(cols) {
				row[h] = cols[i]
			}
		}
		out = append(out, row)
	}
	return out, nil
}

// ReadDocs reads a docs.tsv (doc, form, accession, filed, cik, name, items).
func ReadDocs(dir string) (map[string]Doc, error) {
	rows, err := ReadTSV(filepath.Join(dir, "docs.tsv"))
	if err != nil {
		return nil, err
	}
	out := map[string]Doc{}
	for _, r := range rows {
		d := Doc{Name: r["doc"], Form: r["form"], Accession: r["accession"], Filed: r["filed"], CIK: r["cik"], Company: r["name"]}
		if r["items"] != "" {
			d.Items = strings.Split(r["items"], ",")
		}
		out[d.Name] = d
	}
	return out, nil
}

// itemTitles are EDGAR's names of the 8-K items, as the header's ITEM INFORMATION lines
// give them.
var itemTitles = map[string]string{
	"1.01": "Entry into a Material Definitive Agreement", "1.02": "Termination of a Material Definitive Agreement",
	"2.01": "Completion of Acquisition or Disposition of Assets", "3.02": "Unregistered Sales of Equity Securities",
	"3.03": "Material Modification to Rights of Security Holders", "4.01": "Changes in Registrant's Certifying Accountant",
	"5.01": "Changes in Control of Registrant", "5.02": "Departure of Directors or Certain Officers",
	"5.03": "Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year",
	"5.05": "Amendments to the Registrant's Code of Ethics", "5.06": "Change in Shell Company Status",
	"5.07": "Submission of Matters to a Vote of Security Holders", "7.01": "Regulation FD Disclosure",
	"8.01": "Other Events", "9.01": "Financial Statements and Exhibits",
}

var markupRe = regexp.MustCompile(`(?i)<(html|body|div|p|table)\b`)

// Envelope wraps the text of a document in a minimal EDGAR full submission built from its
// docs.tsv row, the way ../shared/tools/score-extract does: plain text becomes a <pre>
// document, HTML is kept.
func Envelope(d Doc, text string) []byte {
	filed := strings.ReplaceAll(d.Filed, "-", "")
	body := text
	if !markupRe.MatchString(text[:min(len(text), 5000)]) {
		body = "<html><body><pre>\n" + html.EscapeString(text) + "\n</pre></body></html>"
	}
	items := append([]string(nil), d.Items...)
	sort.Strings(items)
	var b strings.Builder
	fmt.Fprintf(&b, "<SEC-DOCUMENT>%s.txt : %s\n<SEC-HEADER>%s.hdr.sgml : %s\n<ACCEPTANCE-DATETIME>%s120000\n", d.Accession, filed, d.Accession, filed, filed)
	fmt.Fprintf(&b, "ACCESSION NUMBER:\t\t%s\nCONFORMED SUBMISSION TYPE:\t%s\nPUBLIC DOCUMENT COUNT:\t\t1\n", d.Accession, d.Form)
	for _, it := range items {
		fmt.Fprintf(&b, "ITEM INFORMATION:\t\t%s\n", itemTitles[it])
	}
	fmt.Fprintf(&b, "FILED AS OF DATE:\t\t%s\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\t%s\n", filed, d.Company)
	fmt.Fprintf(&b, "\t\tCENTRAL INDEX KEY:\t\t\t%s\n\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tBLANK CHECKS [6770]\n</SEC-HEADER>\n", d.CIK)
	fmt.Fprintf(&b, "<DOCUMENT>\n<TYPE>%s\n<SEQUENCE>1\n<FILENAME>primary.htm\n<DESCRIPTION>%s\n<TEXT>\n%s\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n", d.Form, d.Form, body)
	return []byte(b.String())
}
