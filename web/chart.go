package web

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// The trust chart is drawn on the server as inline SVG: the trust balance (left axis) and
// the redemption value per share (right axis) at each balance-sheet date, and a marker at
// each redemption. Positions are computed in floating point, which only places marks; every
// number the chart shows (a point's title, a marker's label) is the served decimal string.
const (
	chartW, chartH                  = 720, 280
	padLeft, padRight, padTop, padB = 78, 70, 16, 44
)

type chartView struct {
	W, H        int
	Title, Desc string
	Balance     string // polyline points
	PerShare    string
	Points      []chartPoint
	Markers     []chartMarker
	LeftTicks   []chartTick
	RightTicks  []chartTick
	TimeTicks   []chartTick
	PlotX0      int
	PlotX1      int
	PlotY0      int
	PlotY1      int
}

type chartPoint struct {
	X, Y   string
	Square bool // per-share points are squares, balances circles
	Href   string
	Label  string
}

type chartMarker struct {
	X, Y0, Y1, LabelY string
	Href, Label       string
	Title             string
}

type chartTick struct {
	Pos   string // x or y of the tick
	Label string
}

type plotted struct {
	t    time.Time
	v    float64
	text string
	href string
}

// buildChart returns nil when there is nothing to draw (no balance was ever reported).
func buildChart(p *spac.Profile) *chartView {
	var bal, per []plotted
	for _, tp := range p.TrustSeries {
		t, err := time.Parse(time.DateOnly, tp.Date)
		if err != nil {
			continue
		}
		if v, ok := plotValue(tp.Balance); ok {
			bal = append(bal, plotted{t, v, formatValue(tp.Balance, kMoney), hrefOf(tp.Citations, "balance")})
		}
		if v, ok := plotValue(tp.RedemptionValuePerShare); ok && v > 0 {
			per = append(per, plotted{t, v, formatValue(tp.RedemptionValuePerShare, kPrice), hrefOf(tp.Citations, "redemption_value_per_share")})
		}
	}
	if len(bal) == 0 {
		return nil
	}
	ch := &chartView{W: chartW, H: chartH, PlotX0: padLeft, PlotX1: chartW - padRight, PlotY0: padTop, PlotY1: chartH - padB,
		Title: "Trust account of " + p.Name,
		Desc:  fmt.Sprintf("%d balance-sheet dates from %s to %s; %d redemptions marked.", len(bal), bal[0].t.Format(time.DateOnly), bal[len(bal)-1].t.Format(time.DateOnly), len(p.Redemptions))}
	x := timeScale(bal, p.Redemptions, ch)
	yb := ch.valueScale(bal, true, 0)
	ch.Balance = ch.line(bal, x, yb, false)
	if len(per) > 0 {
		yp := ch.valueScale(per, false, 4)
		ch.PerShare = ch.line(per, x, yp, true)
	}
	ch.markRedemptions(p.Redemptions, x)
	return ch
}

func plotValue(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// hrefOf links a stated value to its line (a derived one to nothing: the table below the
// chart shows its derivation).
func hrefOf(cs []spac.Citation, field string) string {
	if c, ok := citationOf(cs, field); ok && c.Line > 0 && c.Accession != "" {
		return filingHref(c.Accession, c.Line, c.Quote)
	}
	return ""
}

// timeScale maps dates to x over the span of the points and the redemptions.
func timeScale(pts []plotted, reds []spac.Redemption, ch *chartView) func(time.Time) float64 {
	lo, hi := pts[0].t, pts[0].t
	for _, p := range pts {
		lo, hi = minTime(lo, p.t), maxTime(hi, p.t)
	}
	for _, r := range reds {
		if t, err := time.Parse(time.DateOnly, r.Date); err == nil {
			lo, hi = minTime(lo, t), maxTime(hi, t)
		}
	}
	if !hi.After(lo) {
		lo, hi = lo.AddDate(0, -1, 0), hi.AddDate(0, 1, 0)
	}
	x0, x1 := float64(ch.PlotX0), float64(ch.PlotX1)
	span := hi.Sub(lo).Hours()
	f := func(t time.Time) float64 { return x0 + (x1-x0)*t.Sub(lo).Hours()/span }
	for y := lo.Year(); y <= hi.Year(); y++ {
		if t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC); !t.Before(lo) && !t.After(hi) {
			ch.TimeTicks = append(ch.TimeTicks, chartTick{Pos: coord(f(t)), Label: strconv.Itoa(y)})
		}
	}
	if len(ch.TimeTicks) == 0 {
		ch.TimeTicks = append(ch.TimeTicks, chartTick{Pos: coord(x0), Label: lo.Format("2006-01")})
	}
	return f
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// valueScale maps values to y (balances from zero, per-share values around their range)
// and records the axis ticks.
func (ch *chartView) valueScale(pts []plotted, fromZero bool, decimals int) func(float64) float64 {
	lo, hi := pts[0].v, pts[0].v
	for _, p := range pts {
		lo, hi = math.Min(lo, p.v), math.Max(hi, p.v)
	}
	if fromZero {
		lo = 0
	}
	step := niceStep((hi - lo) / 4)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	if hi <= lo {
		hi = lo + step
	}
	y0, y1 := float64(ch.PlotY1), float64(ch.PlotY0)
	f := func(v float64) float64 { return y0 + (y1-y0)*(v-lo)/(hi-lo) }
	for v := lo; v <= hi+step/2; v += step {
		t := chartTick{Pos: coord(f(v)), Label: axisLabel(v, fromZero, decimals)}
		if fromZero {
			ch.LeftTicks = append(ch.LeftTicks, t)
		} else {
			ch.RightTicks = append(ch.RightTicks, t)
		}
	}
	return f
}

// niceStep rounds a raw tick step to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// axisLabel writes an axis tick: balances in millions of dollars, per-share values in
// dollars (ticks are scale marks, not data: the data is in the points' titles and the table).
func axisLabel(v float64, millions bool, decimals int) string {
	if millions {
		return "$" + strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	}
	return "$" + strconv.FormatFloat(v, 'f', min(decimals, 2), 64)
}

func (ch *chartView) line(pts []plotted, x func(time.Time) float64, y func(float64) float64, square bool) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		px, py := coord(x(p.t)), coord(y(p.v))
		b.WriteString(px + "," + py)
		ch.Points = append(ch.Points, chartPoint{X: px, Y: py, Square: square, Href: p.href,
			Label: p.t.Format(time.DateOnly) + ": " + p.text})
	}
	return b.String()
}

// markRedemptions draws a vertical marker at each redemption, linked to its share count.
func (ch *chartView) markRedemptions(reds []spac.Redemption, x func(time.Time) float64) {
	for i, r := range reds {
		t, err := time.Parse(time.DateOnly, r.Date)
		if err != nil {
			continue
		}
		what := formatValue(r.SharesRedeemed, kInt) + " shares redeemed"
		if r.RedeemedPct != "" {
			what += " (" + formatValue(r.RedeemedPct, kPct) + ")"
		}
		ch.Markers = append(ch.Markers, chartMarker{
			X: coord(x(t)), Y0: strconv.Itoa(ch.PlotY0), Y1: strconv.Itoa(ch.PlotY1),
			LabelY: strconv.Itoa(ch.PlotY0 + 12 + 12*(i%2)), Label: "R" + strconv.Itoa(i+1),
			Href: hrefOf(r.Citations, "shares_redeemed"), Title: "Redemption " + r.Date + ": " + what,
		})
	}
}

func coord(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
