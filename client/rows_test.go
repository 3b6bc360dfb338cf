package client

import (
	"encoding/json"
	"strings"
	"testing"
)

// A fields= row decodes through the generated AsSPAC with an empty CIK; FullSPAC refuses it and
// reads a whole row.
func TestFullSPACRefusesASelection(t *testing.T) {
	var sel SPACRow
	if err := json.Unmarshal([]byte(`{"symbol":"ABCU","trust_size":"100000000.00"}`), &sel); err != nil {
		t.Fatal(err)
	}
	if s, err := sel.AsSPAC(); err != nil || s.Cik != "" {
		t.Fatalf("generated AsSPAC: %+v, %v (the gap FullSPAC closes)", s, err)
	}
	if _, err := sel.FullSPAC(); err == nil || !strings.Contains(err.Error(), "AsSPACSelection") {
		t.Errorf("FullSPAC on a selection: %v, want an error pointing to AsSPACSelection", err)
	}
	whole, err := json.Marshal(SPAC{Cik: "0001234567", Symbol: "ABCU", Name: "Abc Acquisition Corp"})
	if err != nil {
		t.Fatal(err)
	}
	var item SPACPage_Rows_Item
	if err := item.UnmarshalJSON(whole); err != nil {
		t.Fatal(err)
	}
	if s, err := item.FullSPAC(); err != nil || s.Cik != "0001234567" {
		t.Errorf("FullSPAC on a whole row: %+v, %v", s, err)
	}
}
