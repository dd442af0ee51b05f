import { prefersReducedMotion } from '../../lib/motion';

let ctx: AudioContext | null = null;

/** A short synthesized tone (no audio files); only ever called when the player turned sound on. */
export function tone(freq: number, ms = 120, type: OscillatorType = 'sine'): void {
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + ms / 1000);
  } catch {
    // No audio in this browser: play silently.
  }
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, prefersReducedMotion() ? 0 : ms));
