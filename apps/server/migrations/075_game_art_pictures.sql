-- The in-house games' pictures are WebP files of the member site (apps/web/demo-art/game-art, drawn by
-- `npm run demo-images`) instead of the SVG the server draws at /games/art: a browser opens every SVG
-- image as a document of its own, and the home page shows six of them (docs/architecture.md).
UPDATE game SET image = '/game-art/' || code || '.webp'
WHERE provider_id = 'chok' AND image = '/games/art/' || code || '.svg';
