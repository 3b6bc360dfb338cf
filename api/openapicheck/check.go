// Package openapicheck validates the service's OpenAPI document and live responses against
// it with an independent implementation (github.com/pb33f/libopenapi-validator), so the tests
// of package api and of the spacd binary check the same things. It is imported by tests only.
package openapicheck

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/pb33f/jsonschema/v6"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	"github.com/pb33f/libopenapi-validator/content"
	verrors "github.com/pb33f/libopenapi-validator/errors"
)

// Checker validates responses against one OpenAPI document.
type Checker struct {
	v validator.Validator
}

// New parses and validates the document; the error lists every problem found in it.
func New(doc []byte) (*Checker, error) {
	d, err := libopenapi.NewDocument(doc)
	if err != nil {
		return nil, fmt.Errorf("openapi: parse: %w", err)
	}
	v, errs := validator.NewValidator(d, config.WithFormatAssertions(),
		config.WithBodyDecoder("application/x-ndjson", content.DecoderFunc(decodeNDJSON)),
		config.WithBodyDecoder("text/csv", content.DecoderFunc(decodeCSV)))
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapi: build validator: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		return nil, fmt.Errorf("openapi: the document is invalid:\n%s", describe(verrs))
	}
	return &Checker{v: v}, nil
}

// decodeNDJSON reads an NDJSON body for validation: every line must be one JSON object; the
// body is then validated as the string the document declares (the lines' schema, named by
// x-row-schema, is checked by the caller: OpenAPI 3.1 has no schema for a sequence).
func decodeNDJSON(in *content.DecodeInput) (any, error) {
	raw, err := io.ReadAll(in.Body)
	if err != nil {
		return nil, err
	}
	for i, line := range bytes.Split(bytes.TrimSuffix(raw, []byte("\n")), []byte("\n")) {
		if len(raw) > 0 && (!json.Valid(line) || !bytes.HasPrefix(bytes.TrimSpace(line), []byte("{"))) {
			return nil, fmt.Errorf("NDJSON line %d is not one JSON object: %.200s", i+1, line)
		}
	}
	return string(raw), nil
}

// decodeCSV reads a CSV body for validation: it must parse (RFC 4180, every record as wide
// as the header); it is then validated as the string the document declares.
func decodeCSV(in *content.DecodeInput) (any, error) {
	raw, err := io.ReadAll(in.Body)
	if err != nil {
		return nil, err
	}
	if _, err := csv.NewReader(bytes.NewReader(raw)).ReadAll(); err != nil {
		return nil, fmt.Errorf("CSV: %w", err)
	}
	return string(raw), nil
}

// Response validates one response to req against the document: the status is documented for
// the operation and the body matches its schema. The response body is read and replaced, so
// the caller can still read it.
func (c *Checker) Response(req *http.Request, resp *http.Response) error {
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	copyResp := *resp
	copyResp.Body = io.NopCloser(bytes.NewReader(body))
	if ok, verrs := c.v.ValidateHttpResponse(req, &copyResp); !ok {
		return fmt.Errorf("%s %s -> %d does not match the document:\n%s", req.Method, req.URL.RequestURI(), resp.StatusCode, describe(verrs))
	}
	return nil
}

func describe(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "  - %s: %s", e.ValidationType, e.Message)
		if e.Reason != "" {
			fmt.Fprintf(&b, " (%s)", e.Reason)
		}
		for _, se := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n      %s at %s", se.Reason, se.FieldPath)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Schemas validates JSON values against the document's component schemas directly (SSE event
// data, which no response body validator reads).
type Schemas struct {
	c *jsonschema.Compiler
}

// NewSchemas loads the document's components for Validate.
func NewSchemas(doc []byte) (*Schemas, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(docURL, v); err != nil {
		return nil, err
	}
	return &Schemas{c: c}, nil
}

const docURL = "urn:spacdata:openapi.json"

// Validate checks data against the schema at ref ("#/components/schemas/Alert").
func (s *Schemas) Validate(ref string, data []byte) error {
	sch, err := s.c.Compile(docURL + ref)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}
