import { runFeedChild } from './feed-process.ts';

/** Entry of the live-feed process (platform/feed-process.ts); bundled as dist/feed.mjs. */
runFeedChild().catch((err: unknown) => {
  process.stderr.write(`[chok live feeds] ${String(err)}\n`);
  process.exit(1);
});
