package config

import "testing"

func TestBackfillKeys(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.EDGAR.Backfill || c.EDGAR.BackfillSince != "2020-01-01" {
		t.Errorf("defaults: backfill %v since %q", c.EDGAR.Backfill, c.EDGAR.BackfillSince)
	}
	c, err = Load(nil, env(map[string]string{"SPACD_EDGAR_BACKFILL": "true", "SPACD_EDGAR_BACKFILL_SINCE": "2021-04-01"}))
	if err != nil || !c.EDGAR.Backfill || c.EDGAR.BackfillSince != "2021-04-01" {
		t.Fatalf("from env: %+v, %v", c.EDGAR, err)
	}
	if _, err := Load(nil, env(map[string]string{"SPACD_EDGAR_BACKFILL_SINCE": "April 2021"})); err == nil {
		t.Error("a backfill_since that is not a date was accepted")
	}
}
