// An optional click when a disc is placed (off by default): a short
// synthesised tick through Web Audio, so no sound file is loaded.
let context = null;

/** Plays the click; silently does nothing where audio is unavailable. */
export function click() {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') context.resume();
    const now = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.setValueAtTime(520, now);
    oscillator.frequency.exponentialRampToValueAtTime(180, now + 0.06);
    gain.gain.setValueAtTime(0.25, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.08);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.09);
  } catch {
    // No audio: the game goes on without the click.
  }
}
