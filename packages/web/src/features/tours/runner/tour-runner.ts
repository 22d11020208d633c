import { driver, type DriveStep } from 'driver.js';
import { TOUR_RESUME_DELAY_MS, TOUR_START_DELAY_MS, tourSelector, type TourStep } from '@netloom/domain';

export interface TourRunnerOptions {
  steps: readonly TourStep[];
  /**
   * The tour reached a pause step and hid itself. For a 'dialog' pause, `resume` goes on with that
   * step 300 ms after it is called; an 'end' pause has no resume: the tour is over.
   */
  onPause: (step: TourStep, resume: (() => void) | null) => void;
  /** The tour is over: finished, closed by the user, or stopped at its end step. */
  onEnd: () => void;
}

export interface TourRunner {
  /** Shows the first step that is on the page, after the start delay. */
  start: () => void;
  /** Hides the tour at once, without calling back. */
  stop: () => void;
}

// Shown means laid out: a closed menu group's entries or a display:none branch have no boxes.
const isShown = (el: Element) => el.getClientRects().length > 0;

/**
 * The element a step points at, if it is on the page now. A menu group carries its entries' keys
 * too; when the entry itself is shown (its group open) it comes later in the page and wins.
 */
export function tourElement(key: string): Element | undefined {
  let found: Element | undefined;
  for (const el of document.querySelectorAll(tourSelector(key))) if (isShown(el)) found = el;
  return found;
}

const present = (step: TourStep) => step.key === null || tourElement(step.key) !== undefined;

/**
 * Runs a tour with driver.js. Each move looks for the next step whose element is on the page at
 * that moment and skips the others, so a tour never waits for an element that is not coming.
 * Pause steps hide the tour and hand over to the caller's dialog.
 */
export function createTourRunner({ steps, onPause, onEnd }: TourRunnerOptions): TourRunner {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const pausedAt = new Set<number>();
  let over = false;

  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const driveSteps: DriveStep[] = steps.map((s) => ({
    element: s.key === null ? undefined : () => tourElement(s.key!) as Element,
    popover: { title: s.title, description: s.description },
  }));

  const d = driver({
    steps: driveSteps,
    // A step can lose its element between two moves (a re-render); driver.js then skips it too.
    skipMissingElement: true,
    showProgress: false,
    nextBtnText: 'Next',
    prevBtnText: 'Previous',
    doneBtnText: 'Done',
    onNextClick: () => move((d.getActiveIndex() ?? -1) + 1, 1),
    onPrevClick: () => move((d.getActiveIndex() ?? 0) - 1, -1),
    // The close button, Escape and a click on the overlay all end the tour.
    onDestroyStarted: () => end(),
  });

  function show(i: number) {
    if (d.isActive()) d.moveTo(i);
    else d.drive(i);
  }

  function move(from: number, dir: 1 | -1) {
    if (over) return;
    for (let i = from; i >= 0 && i < steps.length; i += dir) {
      const s = steps[i]!;
      if (dir === 1 && s.pause && !pausedAt.has(i)) return pause(i, s);
      if (present(s)) return show(i);
    }
    // Going back from the first shown step stays put; going past the last ends the tour.
    if (dir === 1) end();
  }

  function pause(i: number, s: TourStep) {
    pausedAt.add(i);
    d.destroy();
    if (s.pause === 'end') {
      over = true;
      onPause(s, null);
      onEnd();
      return;
    }
    onPause(s, () => later(() => move(i, 1), TOUR_RESUME_DELAY_MS));
  }

  function end() {
    if (over) return;
    over = true;
    d.destroy();
    onEnd();
  }

  return {
    start: () => later(() => move(0, 1), TOUR_START_DELAY_MS),
    stop: () => {
      over = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      d.destroy();
    },
  };
}
