package news

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/spacdata/spac"
)

// Test universe: fictional SPACs plus the two real ones the realdata documents mention.
const (
	cikMaple    = spac.CIK("0009900001")
	cikMapleII  = spac.CIK("0009900002")
	cikHarbor   = spac.CIK("0009900003")
	cikGlobal   = spac.CIK("0009900004")
	cikLearnCW  = spac.CIK("0001847577")
	cikSoul     = spac.CIK("0002041011")
	cikNimbusCo = spac.CIK("0009900005")
)

func testUniverse() []Entity {
	return []Entity{
		{CIK: cikMaple, Name: "Maple Ridge Acquisition Corp.", Symbol: "MRAC",
			Tickers: []string{"MRAC", "MRACU", "MRACW"}, Previous: []string{"MPLR"}},
		{CIK: cikMapleII, Name: "Maple Ridge Acquisition Corp. II", Symbol: "MRAD", Tickers: []string{"MRAD", "MRADU"}},
		{CIK: cikHarbor, Name: "Harbor Light Acquisition Corp.", Symbol: "NOW", Tickers: []string{"NOW", "NOWU", "NOWW"}},
		{CIK: cikGlobal, Name: "Global Acquisition Corp", Symbol: "GACQ", Tickers: []string{"GACQ", "GACQ.U", "GACQ WS"}},
		{CIK: cikLearnCW, Name: "Learn CW Investment Corp", Symbol: "LCW", Tickers: []string{"LCW", "LCW.U", "LCW WS"}},
		{CIK: cikSoul, Name: "Soulpower Acquisition Corporation", Symbol: "SOUL",
			Tickers: []string{"SOUL", "SOUL.U", "SOULR", "SOULU"}},
		{CIK: cikNimbusCo, Name: "Nimbus Inc.", Symbol: "NMBS", Tickers: []string{"NMBS"}},
	}
}

func testLinker() *Linker { return NewLinker(testUniverse()) }

// repoRoot is the module root, found from this file's location.
func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate test file")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// realdata returns the shared real-document directory, skipping when it is absent.
func realdata(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "..", "shared", "realdata")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real data not available at %s: %v", dir, err)
	}
	return dir
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readTestdataF(f *testing.F, name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	return b
}

type rawItem struct {
	GUID string `xml:"guid"`
	Link string `xml:"link"`
}

// rawItems reads GUID and link of every RSS item with encoding/xml, independent of gofeed.
func rawItems(feed []byte) ([]rawItem, error) {
	var doc struct {
		Items []rawItem `xml:"channel>item"`
	}
	err := xml.Unmarshal(feed, &doc)
	return doc.Items, err
}
