package client_test

import (
	"context"
	"fmt"

	"github.com/spacdata/spac/client"
)

// ExampleReadStream follows the alert stream from the last event seen (compiled, not run: it
// needs a server). docs/clients.md shows the same code.
func ExampleReadStream() {
	ctx := context.Background()
	c, err := client.NewClient("http://localhost:8080")
	if err != nil {
		panic(err)
	}
	lastSeen := "0"
	resp, err := c.AlertsStream(ctx, &client.AlertsStreamParams{LastEventId: &lastSeen})
	if err != nil {
		panic(err)
	}
	for msg, err := range client.ReadStream[client.Alert](resp) {
		if err != nil {
			panic(err) // a refusal (*client.StreamError), a cut connection, or undecodable data
		}
		lastSeen = msg.ID // resume here after a reconnect
		fmt.Println(msg.Data.Symbol, msg.Data.Title)
	}
}
