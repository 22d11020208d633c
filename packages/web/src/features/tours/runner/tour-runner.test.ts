import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import type { TourStep } from '@netloom/domain';
import { createTourRunner, tourElement, type TourRunner } from './tour-runner';

// jsdom lays nothing out: an element counts as laid out unless it sits under [hidden], as a closed
// menu group's entries do in the browser.
const realRects = Element.prototype.getClientRects;
beforeEach(() => {
  vi.useFakeTimers();
  Element.prototype.getClientRects = function (this: Element) {
    return (this.closest('[hidden]') ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  };
});
let runner: TourRunner | null = null;
afterEach(() => {
  runner?.stop();
  runner = null;
  Element.prototype.getClientRects = realRects;
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const step = (key: string | null, title: string, pause?: TourStep['pause']): TourStep => ({ key, title, description: `About ${title}`, pause });
const page = (html: string) => {
  document.body.innerHTML = html;
};
const popoverTitle = () => document.querySelector('.driver-popover-title')?.textContent ?? null;
const next = () => fireEvent.click(document.querySelector('.driver-popover-next-btn')!);

function run(steps: TourStep[]) {
  const onPause = vi.fn<(s: TourStep, resume: (() => void) | null) => void>();
  const onEnd = vi.fn();
  runner = createTourRunner({ steps, onPause, onEnd });
  runner.start();
  return { onPause, onEnd };
}

describe('tour runner', () => {
  it('starts 200 ms later and skips a step whose element is not on the page', async () => {
    page('<a data-tour="a">A</a><a data-tour="c">C</a>');
    const { onEnd } = run([step('a', 'Alpha'), step('b', 'Bravo'), step('c', 'Charlie')]);
    await vi.advanceTimersByTimeAsync(199);
    expect(popoverTitle()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(popoverTitle()).toBe('Alpha');
    next();
    expect(popoverTitle()).toBe('Charlie');
    next();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.driver-popover')).toBeNull();
  });

  it('decides at the moment of the move: an element gone since the start is skipped, one that appeared is shown', async () => {
    page('<a data-tour="a">A</a><a data-tour="b">B</a>');
    run([step('a', 'Alpha'), step('b', 'Bravo'), step('c', 'Charlie')]);
    await vi.advanceTimersByTimeAsync(200);
    document.querySelector('[data-tour="b"]')!.remove();
    document.body.insertAdjacentHTML('beforeend', '<a data-tour="c">C</a>');
    next();
    expect(popoverTitle()).toBe('Charlie');
  });

  it('with none of its elements on the page the tour ends instead of waiting', async () => {
    page('<p>nothing to point at</p>');
    const { onEnd } = run([step('a', 'Alpha'), step('b', 'Bravo')]);
    await vi.advanceTimersByTimeAsync(200);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.driver-popover')).toBeNull();
  });

  it('a closed menu group stands in for its hidden entry; the entry wins once shown', () => {
    page('<nav><a data-tour="teams teamusers">Teams</a><div hidden><a data-tour="teamusers">Users</a></div></nav>');
    expect(tourElement('teamusers')?.textContent).toBe('Teams');
    document.querySelector('[hidden]')!.removeAttribute('hidden');
    expect(tourElement('teamusers')?.textContent).toBe('Users');
    expect(tourElement('team')).toBeUndefined();
  });

  it('pauses for the dialog, resumes on that step 300 ms after, and stops for good at the end step', async () => {
    page('<a data-tour="a">A</a><a data-tour="p">P</a><a data-tour="c">C</a>');
    const { onPause, onEnd } = run([step('a', 'Alpha'), step('p', 'Papa', 'dialog'), step('c', 'Charlie'), step(null, 'The end', 'end')]);
    await vi.advanceTimersByTimeAsync(200);
    next();
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(onPause.mock.calls[0]![0].title).toBe('Papa');
    expect(document.querySelector('.driver-popover')).toBeNull();

    onPause.mock.calls[0]![1]!();
    await vi.advanceTimersByTimeAsync(299);
    expect(popoverTitle()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(popoverTitle()).toBe('Papa');

    next();
    expect(popoverTitle()).toBe('Charlie');
    next();
    expect(onPause).toHaveBeenCalledTimes(2);
    expect(onPause.mock.calls[1]![0].pause).toBe('end');
    expect(onPause.mock.calls[1]![1]).toBeNull();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.driver-popover')).toBeNull();
  });

  it('the close button ends the tour', async () => {
    page('<a data-tour="a">A</a><a data-tour="b">B</a>');
    const { onEnd } = run([step('a', 'Alpha'), step('b', 'Bravo')]);
    await vi.advanceTimersByTimeAsync(200);
    fireEvent.click(document.querySelector('.driver-popover-close-btn')!);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.driver-popover')).toBeNull();
  });
});
