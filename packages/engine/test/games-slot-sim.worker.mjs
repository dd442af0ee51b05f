// Worker entry for the slot simulation: loads the TypeScript worker through tsx (workers do not
// inherit vitest's transform).
import { tsImport } from 'tsx/esm/api';

await tsImport('./games-slot-sim.worker.ts', import.meta.url);
