-- Tile warming renders a few pages per run and gives its worker back in between (so jobs are never queued behind a
-- long warming), and waits while the node is busy with submissions and analyses. Progress between runs: the pages
-- that failed (count and the first messages) besides those rendered, and when the warming was queued (a warming
-- deferred for too long renders anyway, one page per run).
ALTER TABLE viewer_tile_warming ADD COLUMN failed INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE viewer_tile_warming ADD COLUMN failures VARCHAR;
ALTER TABLE viewer_tile_warming ADD COLUMN queued_at TIMESTAMP WITH TIME ZONE;
