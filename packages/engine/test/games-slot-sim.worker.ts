// Worker for games-slot.test.ts. `simulate`: plays `spins` rounds through the engine on bulk OS
// randomness. `enumerate`: walks every stop combination whose first reel stop is in [from, to).
// Both report sums (× total bet) for the test to combine.
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { ByteRng } from '../src/fair/rng.ts';
import { evaluateStops, slotRoundWinInLineBets } from '../src/games/slot.ts';

type Job = { mode: 'simulate'; spins: number } | { mode: 'enumerate'; from: number; to: number };
const job = workerData as Job;

if (job.mode === 'simulate') {
  const rng = new ByteRng(() => randomBytes(1 << 20));
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < job.spins; i++) {
    const x = slotRoundWinInLineBets(rng) / 20;
    sum += x;
    sumSq += x * x;
  }
  parentPort!.postMessage({ sum, sumSq, n: job.spins });
} else {
  // y = one spin's line + scatter return; t = triggers free spins.
  let n = 0;
  let sumY = 0;
  let sumY2 = 0;
  let triggers = 0;
  let sumYTriggered = 0;
  const stops = [0, 0, 0, 0, 0];
  for (let a = job.from; a < job.to; a++) {
    stops[0] = a;
    for (let b = 0; b < 32; b++) {
      stops[1] = b;
      for (let c = 0; c < 32; c++) {
        stops[2] = c;
        for (let d = 0; d < 32; d++) {
          stops[3] = d;
          for (let e = 0; e < 32; e++) {
            stops[4] = e;
            const r = evaluateStops(stops, false);
            const y = r.lineMultiplier / 20 + r.scatterMultiplier;
            n++;
            sumY += y;
            sumY2 += y * y;
            if (r.triggersFreeSpins) {
              triggers++;
              sumYTriggered += y;
            }
          }
        }
      }
    }
  }
  parentPort!.postMessage({ n, sumY, sumY2, triggers, sumYTriggered });
}
