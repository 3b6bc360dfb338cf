//go:build unix

package api

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) this process has used: on a machine shared with
// other work, CPU per request is steadier than wall time per request.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
