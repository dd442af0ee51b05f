-- Whether a game is a live-dealer table (a real dealer on video). The casino lobby is called คาสิโนสด
-- only while the catalogue holds such a game, คาสิโน otherwise (docs/rules/casino.md §5): the in-house
-- baccarat rooms are dealt by the server, not by a dealer on camera. A provider's live tables set it.
ALTER TABLE game ADD COLUMN live_dealer boolean NOT NULL DEFAULT false;

-- The title the demo seed stored for the casino lobby promised live dealers; the lobby now derives it.
UPDATE lobby_config SET title = 'คาสิโน' WHERE lobby_key = 'casino' AND title = 'คาสิโนสด';
