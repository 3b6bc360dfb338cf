package client

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// A row of /v1/universe is a whole SPAC, or with fields= only the fields asked for. The
// generated AsSPAC decodes either into a SPAC without complaint, so a selection comes back as
// a SPAC with an empty CIK. FullSPAC is the checked way: it refuses a row that lacks a field
// every whole SPAC has.

// FullSPAC returns the row as a whole SPAC, or an error naming the first field a whole SPAC
// always has and the row lacks (a fields= row: read it with AsSPACSelection).
func (t SPACPage_Rows_Item) FullSPAC() (SPAC, error) { return fullSPAC(t.union) }

// FullSPAC returns the row as a whole SPAC, or an error naming the first field a whole SPAC
// always has and the row lacks (a fields= row: read it with AsSPACSelection).
func (t SPACRow) FullSPAC() (SPAC, error) { return fullSPAC(t.union) }

func fullSPAC(raw json.RawMessage) (SPAC, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return SPAC{}, err
	}
	for _, name := range requiredOf(reflect.TypeFor[SPAC]()) {
		if _, ok := members[name]; !ok {
			return SPAC{}, fmt.Errorf("client: the row has no %q, so it is not a whole SPAC (a fields= selection: use AsSPACSelection)", name)
		}
	}
	var s SPAC
	err := json.Unmarshal(raw, &s)
	return s, err
}

// requiredOf lists the JSON names of the fields the document requires of a type: the generated
// struct gives them a json tag without omitempty.
func requiredOf(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" && !strings.Contains(opts, "omitempty") {
			names = append(names, name)
		}
	}
	return names
}
