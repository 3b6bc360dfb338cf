// Package logctx carries log attributes in a context: the HTTP layer puts a request's id and
// trace there once, and every record logged with that context (slog's *Context methods, or
// Log(ctx, ...)) carries them, whichever package writes it (the API, the access guard, the
// explorer), through a handler wrapped by Handler.
package logctx

import (
	"context"
	"log/slog"
)

type attrsKey struct{}

// With returns ctx carrying attrs besides any it already carried.
func With(ctx context.Context, attrs ...slog.Attr) context.Context {
	prev := Attrs(ctx)
	all := make([]slog.Attr, 0, len(prev)+len(attrs))
	return context.WithValue(ctx, attrsKey{}, append(append(all, prev...), attrs...))
}

// Attrs are the attributes ctx carries (nil: none).
func Attrs(ctx context.Context) []slog.Attr {
	if ctx == nil {
		return nil
	}
	attrs, _ := ctx.Value(attrsKey{}).([]slog.Attr)
	return attrs
}

// Handler wraps h so that a record logged with a context from With gets its attributes. It
// is idempotent: wrapping a wrapped handler returns it as is, so attributes never appear twice.
func Handler(h slog.Handler) slog.Handler {
	if _, ok := h.(handler); ok {
		return h
	}
	return handler{h}
}

// Logger is l with its handler wrapped by Handler.
func Logger(l *slog.Logger) *slog.Logger {
	if _, ok := l.Handler().(handler); ok {
		return l
	}
	return slog.New(Handler(l.Handler()))
}

type handler struct{ next slog.Handler }

func (h handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	if attrs := Attrs(ctx); len(attrs) > 0 {
		r = r.Clone()
		r.AddAttrs(attrs...)
	}
	return h.next.Handle(ctx, r)
}

func (h handler) WithAttrs(attrs []slog.Attr) slog.Handler { return handler{h.next.WithAttrs(attrs)} }
func (h handler) WithGroup(name string) slog.Handler       { return handler{h.next.WithGroup(name)} }
