// Sanitiser throughput on ordinary and adversarial input of the same size.
// Run: node --import tsx bench/sanitize.mjs   (from packages/validation; BENCH_SIZE sets the size)
// The baseline is plain text of the same length in the same run; every other input should stay
// within a small constant factor of it (linear time), whatever its shape.
import { sanitizeText } from '../src/index.ts';

const SIZE = Number(process.env.BENCH_SIZE ?? 1_000_000);
const fill = (piece) => piece.repeat(Math.ceil(SIZE / piece.length)).slice(0, SIZE);
const options = { allowBasicHtml: true, maxLength: Number.POSITIVE_INFINITY };

const inputs = {
  'plain text (baseline)': fill('Sustainable affiliate marketing, one honest link at a time. '),
  'basic markup': fill('<p>Fair <b>trade</b> &amp; <em>organic</em><br></p>'),
  'mixed hostile markup': fill(
    '<div onclick=x()><img src=x onerror=y()><script>z()</script>text</div>',
  ),
  'deep nesting, unmatched closes':
    fill('<b>').slice(0, SIZE / 2) + fill('</x>').slice(0, SIZE / 2),
  'unclosed spans': fill('<span>'),
  'scheme chain (javascript:ata:…)': `javascript:${fill('ata:')}`,
  '"on" without "="': fill('on'),
  entities: fill('&amp;&#106;&lt;'),
};

function time(input) {
  const runs = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    sanitizeText(input, options);
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[2];
}

time(inputs['plain text (baseline)']); // warm-up
const baseline = time(inputs['plain text (baseline)']);
console.info(`sanitizeText, ${SIZE.toLocaleString('en')} characters per input, median of 5 runs`);
for (const [name, input] of Object.entries(inputs)) {
  const ms = name === 'plain text (baseline)' ? baseline : time(input);
  const mbPerSecond = input.length / 1e6 / (ms / 1000);
  console.info(
    `${name.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms  ${mbPerSecond.toFixed(1).padStart(6)} MB/s  ×${(ms / baseline).toFixed(1)}`,
  );
}
