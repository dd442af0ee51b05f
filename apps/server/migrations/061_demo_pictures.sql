-- The demo's pictures are WebP files now (apps/web/public/demo and /shop, drawn by
-- `npm run demo-images` from apps/web/demo-art): a browser opens every SVG image as a document of its
-- own and lays its Thai text out, which cost the home page about a tenth of a second of a phone's
-- main thread per load (docs/benchmarks.md, issue 15, seventh round). A database seeded before this
-- points at the SVG files, which are no longer served: its rows move to the pictures. Only the
-- demo's own file names move; anything an operator entered stays as it is.
UPDATE notification SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE banner SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE event SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE promotion SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE poll SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE poll_choice SET image = regexp_replace(image, '^/demo/([a-z0-9-]+)\.svg$', '/demo/\1.webp')
  WHERE image ~ '^/demo/[a-z0-9-]+\.svg$';
UPDATE shop_item SET image = regexp_replace(image, '^/shop/([a-z0-9-]+)\.svg$', '/shop/\1.webp')
  WHERE image ~ '^/shop/[a-z0-9-]+\.svg$';
