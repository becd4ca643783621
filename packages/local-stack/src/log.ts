/**
 * A log that lets a burst of the same line through once: lines that differ only in numbers
 * (ports, pids, counters, timestamps) are shown at most once per `windowMs`, and the next line of
 * that shape says how many were left out. A dead database cannot flood the terminal or a log file.
 */
export function rateLimitedLog(
  log: (line: string) => void,
  windowMs = 5_000,
  now: () => number = Date.now,
): (line: string) => void {
  const shapes = new Map<string, { shownAt: number; suppressed: number }>();
  return (line) => {
    const shape = line.replace(/\d+/g, '#').slice(0, 300);
    const seen = shapes.get(shape);
    const time = now();
    if (seen && time - seen.shownAt < windowMs) {
      seen.suppressed += 1;
      return;
    }
    if (shapes.size > 1_000) shapes.clear();
    shapes.set(shape, { shownAt: time, suppressed: 0 });
    log(
      seen?.suppressed
        ? `${line} (${seen.suppressed} similar line${seen.suppressed === 1 ? '' : 's'} left out)`
        : line,
    );
  };
}
