// Package strictjson decodes a request body that must be exactly one JSON value: gin's
// ShouldBindJSON decodes the first value and ignores what follows, so a body with trailing
// garbage, or two concatenated objects, was accepted as its first object.
package strictjson

import (
	"encoding/json"
	"errors"
	"io"
)

// ErrTrailing is returned for a body holding more than one JSON value.
var ErrTrailing = errors.New("the body holds more than one JSON value")

// Decode decodes the one JSON value r holds into v; anything after it but white space is
// ErrTrailing.
func Decode(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrTrailing
	}
	return nil
}
