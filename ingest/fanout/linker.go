package fanout

import (
	"context"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/news"
)

// Relink builds the news linker from the stored universe (at start).
func (f *FanOut) Relink(ctx context.Context) error {
	var ents []news.Entity
	err := f.cfg.Store.EachProfile(ctx, func(p spac.Profile) error {
		ents = append(ents, news.EntityOfProfile(p))
		return nil
	})
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.entities = ents
	f.setLinker()
	return nil
}

// addToLinker adds a SPAC new to the store to the linker's universe.
func (f *FanOut) addToLinker(p spac.Profile) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.entities = append(f.entities, news.EntityOfProfile(p))
	f.setLinker()
}

// setLinker hands the aggregator a linker over the universe; f.mu is held.
func (f *FanOut) setLinker() {
	if f.news != nil {
		f.news.SetLinker(news.NewLinker(f.entities))
	}
}
