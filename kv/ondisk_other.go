//go:build !unix

package kv

import "os"

// onDisk is the file's apparent size where allocated blocks cannot be read.
func onDisk(info os.FileInfo) int64 { return info.Size() }
