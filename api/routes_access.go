package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
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

// keyBodyLimit bounds POST /admin/keys: {name, tier} with a 200-byte name, even one written
// entirely in \u escapes, is under 1.5 KiB.
const keyBodyLimit = 4 << 10

// AccountRoutes are the routes of the key holder (account) and of the operator (admin, behind
// the admin token from config).
func AccountRoutes(k KeyAdmin) []Route {
	account := func(name, path, summary string, h HandlerFunc, body any, ps ...Param) Route {
		return Route{Name: name, Method: http.MethodGet, Path: path, Summary: summary,
			Auth: spac.AuthRequired, Delivery: DeliveryREST, Params: ps, Handler: h, Body: body}
	}
	admin := func(name, method, path, summary string, h HandlerFunc, body any, ps ...Param) Route {
		return Route{Name: name, Method: method, Path: path, Summary: summary,
			Auth: spac.AuthAdmin, Delivery: DeliveryREST, Params: ps, Handler: h, Body: body}
	}
	create := admin("admin_keys_create", http.MethodPost, "/admin/keys", "Create a key {name, tier}; the secret is shown once.", k.AdminCreate, access.IssuedKey{})
	create.MaxBody, create.Request, create.Status = keyBodyLimit, access.CreateKeyRequest{}, http.StatusCreated
	rotate := admin("admin_keys_rotate", http.MethodPost, "/admin/keys/:id/rotate", "Issue a new secret and revoke the old one.", k.AdminRotate, access.IssuedKey{}, keyIDParam)
	rotate.Status = http.StatusCreated
	return []Route{
		account("account", "/account", "The calling key: tier, limits and key prefix.", k.Account, access.Account{}),
		account("account_usage", "/account/usage", "Usage of the calling key per day and endpoint.", k.AccountUsage, access.Usage{}, daysParam),
		create,
		admin("admin_keys_list", http.MethodGet, "/admin/keys", "List keys (never their secrets).", k.AdminList, access.KeyList{}),
		admin("admin_keys_revoke", http.MethodDelete, "/admin/keys/:id", "Revoke a key; effective on its next request.", k.AdminRevoke, spac.APIKey{}, keyIDParam),
		rotate,
		admin("admin_keys_usage", http.MethodGet, "/admin/keys/:id/usage", "Usage of a key per day and endpoint.", k.AdminUsage, access.Usage{}, keyIDParam, daysParam),
	}
}
