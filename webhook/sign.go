package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
)

// secretPrefix marks a Standard Webhooks signing secret; the rest is base64 of the key bytes.
const secretPrefix = "whsec_"

// NewSecret returns a fresh signing secret "whsec_" + base64(24 random bytes).
func NewSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// Sign returns the webhook-signature header value for a message:
// "v1," + base64(HMAC-SHA256(key, id + "." + timestamp + "." + body)).
func Sign(secret, msgID string, timestamp int64, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
	if err != nil || !strings.HasPrefix(secret, secretPrefix) {
		return "", errors.New("webhooks: secret must be whsec_ followed by base64")
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msgID + "." + strconv.FormatInt(timestamp, 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// SignAll returns the webhook-signature header value signed with every secret: one "v1,<sig>"
// per secret, space-separated (Standard Webhooks), so during a rotation's overlap window a
// receiver holding either the new or the old secret finds a signature it can verify.
func SignAll(secrets []string, msgID string, timestamp int64, body []byte) (string, error) {
	sigs := make([]string, len(secrets))
	for i, secret := range secrets {
		sig, err := Sign(secret, msgID, timestamp, body)
		if err != nil {
			return "", err
		}
		sigs[i] = sig
	}
	return strings.Join(sigs, " "), nil
}

// Verify checks a webhook-signature header (space-separated "v1,<sig>" entries) against the
// message, in constant time. Receivers also check the timestamp is recent; that is theirs.
func Verify(secret, msgID string, timestamp int64, body []byte, header string) bool {
	want, err := Sign(secret, msgID, timestamp, body)
	if err != nil {
		return false
	}
	for _, sig := range strings.Fields(header) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return true
		}
	}
	return false
}

// newID returns prefix + 24 hex characters of randomness.
func newID(prefix string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return prefix + hex.EncodeToString(b)
}
