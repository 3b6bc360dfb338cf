package api

import (
	"github.com/gin-gonic/gin"
)

// KeyAdmin serves the key holder's account and the admin key routes (api/access.Keys).
type KeyAdmin interface {
	Account(c *gin.Context) (any, error)
	AccountUsage(c *gin.Context) (any, error)
	AdminCreate(c *gin.Context) (any, error)
	AdminList(c *gin.Context) (any, error)
	AdminRevoke(c *gin.Context) (any, error)
	AdminRotate(c *gin.Context) (any, error)
	AdminUsage(c *gin.Context) (any, error)
}

var daysParam = Param{Name: "days", In: InQuery, Type: TypeInteger, Description: "days of usage, newest first (default 30)"}
var keyIDParam = Param{Name: "id", In: InPath, Type: TypeString, Required: true, Description: "key id"}
var graceParam = Param{Name: "grace", In: InQuery, Type: TypeString,
	Description: "how long the old secret keeps working, as the new key: a duration such as 1h, at most 168h (default 0s: refused at once)"}

// keyBodyLimit bounds POST /admin/keys: {name, tier} with a 200-byte name, even one written
// entirely in \u escapes, is under 1.5 KiB.
const keyBodyLimit = 4 << 10
