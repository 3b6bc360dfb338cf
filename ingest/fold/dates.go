package fold

import (
	"strconv"
	"time"
)

const dateLayout = "2006-01-02"

func parseDate(s string) (time.Time, bool) {
	t, err := time.Parse(dateLayout, s)
	return t, err == nil
}

// addMonths adds n calendar months to date s, clamping the day to the end of the target month
// (2021-01-31 + 1 month = 2021-02-28), which is how "within 24 months" deadlines are counted.
func addMonths(s string, n int) (string, bool) {
	t, ok := parseDate(s)
	if !ok {
		return "", false
	}
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	if last := daysIn(first); d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, 0, 0, 0, 0, time.UTC).Format(dateLayout), true
}

// addDays adds n days to date s.
func addDays(s string, n int) (string, bool) {
	t, ok := parseDate(s)
	if !ok {
		return "", false
	}
	return t.AddDate(0, 0, n).Format(dateLayout), true
}

func daysIn(firstOfMonth time.Time) int {
	return firstOfMonth.AddDate(0, 1, -1).Day()
}

// atoi parses a non-negative integer fact value.
func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}
