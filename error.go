package spac

import (
	"errors"
	"fmt"
)

// Error codes: stable machine strings, rendered as the problem+json "code".
const (
	EINVALID      = "invalid_parameter"
	ENOTFOUND     = "not_found"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ERATELIMITED  = "rate_limited"
	ECONFLICT     = "conflict"
	EUNAVAILABLE  = "unavailable"
	EINTERNAL     = "internal"
)

// Error is a domain error that carries a code for the API layer. Param names the offending
// request parameter for EINVALID; Suggestions lists close matches for ENOTFOUND.
type Error struct {
	Code        string
	Message     string
	Param       string
	Suggestions []string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf returns an *Error with the given code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// InvalidParam returns an EINVALID error naming the parameter.
func InvalidParam(param, format string, args ...any) *Error {
	return &Error{Code: EINVALID, Param: param, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of an *Error in err's chain, EINTERNAL otherwise.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrNotFound is returned by stores for missing keys.
var ErrNotFound = &Error{Code: ENOTFOUND, Message: "not found"}
