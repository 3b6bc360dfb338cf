//go:build unix

package kv

import (
	"os"
	"syscall"
)

// onDisk is the space a file takes on disk: its allocated blocks. Badger preallocates value
// log files as sparse files (the active one reads 2 x the value log file size), so the
// apparent size would overstate the disk in use.
func onDisk(info os.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int64(st.Blocks) * 512 // st_blocks counts 512-byte units whatever the block size
	}
	return info.Size()
}
