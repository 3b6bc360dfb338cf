package index

import (
	"context"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

// row is one hand-made SPAC of the test universe.
type row struct {
	cik, symbol, name string
	status            spac.Status
	sponsor, trust    string
	ipo, deadline     string
	sector            string
	previous          string
}

// universe is 30 fictional SPACs covering every filter, sort key and facet bucket: shared
// sponsors and sectors, missing values, one old ticker, CIKs of various lengths.
var universe = []row{
	{"1847577", "MRAC", "Maple Ridge Acquisition Corp", spac.StatusSearching, "Maple Ridge Sponsor LLC", "250000000.00", "2021-03-15", "2023-03-15", "Technology", "MRCQ"},
	{"1000001", "LCW", "Learn CW Investment Corp", spac.StatusCombinationAnnounced, "CWAM LC Sponsor LLC", "230000000.00", "2021-10-13", "2023-10-13", "Education", ""},
	{"1000002", "ALPH", "Alpha Partners Technology Merger Corp", spac.StatusSearching, "Alpha Partners Sponsor", "282500000.00", "2021-07-30", "2023-07-30", "Technology", ""},
	{"1000003", "BETA", "Beta Health Acquisition", spac.StatusInVote, "Cantor Fitzgerald", "100000000.00", "2020-11-02", "2022-11-02", "Healthcare", ""},
	{"1000004", "GAMA", "Gamma Energy Transition Corp", spac.StatusLiquidated, "Gamma Holdings", "75000000.00", "2019-05-01", "2021-05-01", "Energy", ""},
	{"1000005", "DLTA", "Delta Fintech SPAC Inc", spac.StatusClosed, "Cantor Fitzgerald", "500000000.00", "2020-08-20", "2022-08-20", "Fintech", ""},
	{"1000006", "EPSI", "Epsilon Consumer Acquisition", spac.StatusSearching, "Epsilon Sponsor", "150000000.00", "2022-01-10", "2023-07-10", "Consumer", ""},
	{"1000007", "ZETA", "Zeta Space Acquisition Corp", spac.StatusPreIPO, "Zeta Partners", "", "", "", "Space", ""},
	{"1000008", "ETAA", "Eta Biotech Acquisition", spac.StatusInExtension, "Eta Bio Sponsor", "120000000.00", "2021-02-01", "2024-02-01", "Healthcare", ""},
	{"1000009", "THTA", "Theta Industrial Corp", spac.StatusLiquidating, "Theta Sponsor", "345000000.00", "2021-04-01", "2023-04-01", "Industrials", ""},
	{"1000010", "IOTA", "Iota Mobility Acquisition", spac.StatusSearching, "Cantor Fitzgerald", "99999999.99", "2021-06-15", "2023-06-15", "Technology", ""},
	{"1000011", "KAPA", "Kappa Clean Water Corp", spac.StatusWithdrawn, "Kappa Sponsor", "", "", "", "Energy", ""},
	{"1000012", "LMDA", "Lambda Software Holdings", spac.StatusCombinationAnnounced, "Lambda Capital", "414000000.00", "2021-01-20", "2023-01-20", "Technology", ""},
	{"1000013", "MUAC", "Mu Acquisition Corp", spac.StatusSearching, "Mu Sponsor", "60000000.00", "2022-05-02", "2023-11-02", "", ""},
	{"1000014", "NUAC", "Nu Holdings Merger Corp", spac.StatusInVote, "Nu Sponsor", "200000000.00", "2020-12-01", "2022-12-01", "Consumer", ""},
	{"1000015", "XIAC", "Xi Real Estate Acquisition", spac.StatusClosed, "Xi Partners", "310000000.00", "2020-09-09", "2022-09-09", "Real Estate", ""},
	{"1000016", "OMIC", "Omicron Media Acquisition", spac.StatusLiquidated, "Omicron Media Sponsor", "180000000.00", "2021-03-03", "2023-03-03", "Media", ""},
	{"1000017", "PIAC", "Pi Quantum Computing Corp", spac.StatusSearching, "Pi Sponsor", "1000000000.00", "2021-02-20", "2023-02-20", "Technology", ""},
	{"1000018", "RHOA", "Rho Aerospace Acquisition", spac.StatusInExtension, "Rho Sponsor", "250000000.00", "2021-09-01", "2024-03-01", "Space", ""},
	{"1000019", "SGMA", "Sigma Healthcare Partners", spac.StatusSearching, "Sigma Capital", "140000000.00", "2023-02-14", "2024-08-14", "Healthcare", ""},
	{"1000020", "TAUA", "Tau Logistics Acquisition", spac.StatusCombinationAnnounced, "Tau Sponsor", "276000000.00", "2021-05-05", "2023-05-05", "Industrials", ""},
	{"1000021", "UPSL", "Upsilon Agritech Corp", spac.StatusSearching, "Upsilon Sponsor", "50000000.00", "2023-06-01", "2024-06-01", "Agriculture", ""},
	{"1000022", "PHIA", "Phi Gaming Acquisition", spac.StatusClosed, "Phi Sponsor", "230000000.00", "2020-10-10", "2022-10-10", "Media", ""},
	{"1000023", "CHIA", "Chi Battery Metals Corp", spac.StatusLiquidating, "Chi Sponsor", "115000000.00", "2021-08-08", "2023-08-08", "Energy", ""},
	{"1000024", "PSIA", "Psi Cyber Security Acquisition", spac.StatusSearching, "Psi Sponsor", "172500000.00", "2022-03-03", "2023-09-03", "Technology", ""},
	{"1000025", "OMGA", "Omega Alpha SPAC", spac.StatusSearching, "Omega Partners", "143750000.00", "2021-01-12", "2023-01-12", "Healthcare", ""},
	{"1000026", "MRAP", "Maple Leaf Royalty Acquisition", spac.StatusPreIPO, "Leaf Sponsor", "", "", "", "Energy", ""},
	{"1000027", "AURA", "Aurora Technology Acquisition", spac.StatusSearching, "ATAC Sponsor LLC", "202000000.00", "2022-02-09", "2023-02-09", "Technology", ""},
	{"1000028", "BRKH", "BurTech Acquisition Corp", spac.StatusInExtension, "BurTech LP", "287500000.00", "2021-12-10", "2024-12-10", "Technology", ""},
	{"320193", "APXI", "APx Acquisition Corp I", spac.StatusSearching, "APx Cap Sponsor Group I", "172500000.00", "2021-12-09", "2023-06-09", "Consumer", ""},
}

func (r row) spac() spac.SPAC {
	cik, _ := spac.ParseCIK(r.cik)
	s := spac.SPAC{
		CIK: cik, Symbol: r.symbol, Name: r.name, Status: r.status, Sponsor: r.sponsor, TrustSize: r.trust,
		IPODate: r.ipo, Deadline: r.deadline, Sector: r.sector, Exchange: "Nasdaq",
		Tickers:   spac.Tickers{Shares: r.symbol, Units: r.symbol + "U", Warrants: r.symbol + "W"},
		Citations: []spac.Citation{{Field: "name", Accession: "0000000001-21-000001", Line: 7, Quote: r.name}},
	}
	if r.previous != "" {
		s.Tickers.Previous = []string{r.previous}
	}
	s.Sample = strings.HasPrefix(r.symbol, "M")
	return s
}

// openUniverse returns an in-memory index holding the test universe.
func openUniverse(t testing.TB) *Index {
	t.Helper()
	x, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	for _, r := range universe {
		if err := x.Put(context.Background(), r.spac()); err != nil {
			t.Fatal(err)
		}
	}
	return x
}

// symbols lists the symbols of rows.
func symbols(rows []spac.SPAC) []string {
	out := []string{}
	for _, s := range rows {
		out = append(out, s.Symbol)
	}
	return out
}
