-- Notifications, banners and events have an active window and notifications a priority
-- (docs/rules/engagement.md §13): outside its window an item is not served.
ALTER TABLE notification
  ADD COLUMN priority integer NOT NULL DEFAULT 0,
  ADD COLUMN start_at timestamptz,
  ADD COLUMN end_at timestamptz,
  ADD CONSTRAINT notification_window CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at);
ALTER TABLE banner
  ADD COLUMN start_at timestamptz,
  ADD COLUMN end_at timestamptz,
  ADD CONSTRAINT banner_window CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at);
ALTER TABLE event
  ADD COLUMN start_at timestamptz,
  ADD COLUMN end_at timestamptz,
  ADD CONSTRAINT event_window CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at);
