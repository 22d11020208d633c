import { useCallback, useEffect, useRef, useState } from 'react';
import 'driver.js/dist/driver.css';
import { DEMO_TOUR_START_DELAY_MS, TOURS, type TourId } from '@netloom/domain';
import { demoAccount } from '@/lib/demo-account';
import { createTourRunner, type TourRunner } from '@/features/tours/runner/tour-runner';
import { signUpFromTour } from '@/features/tours/sign-up-from-tour';
import { tourLauncher } from '@/features/tours/tour-launcher';
import { FreeTrialDialog } from './free-trial-dialog';

type Dialog = { kind: 'pause'; at: string | null; resume: () => void } | { kind: 'end' } | null;

/**
 * Runs the guided tours of the signed-in console, one at a time, with the free-trial dialog of the
 * demo tour; starts the demo tour 2 s after the demo account signs in (spec 001 §9).
 */
export function TourHost({ userId }: { userId: string }) {
  const runner = useRef<TourRunner | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const run = useCallback((tour: TourId, auto = false) => {
    if (auto && runner.current) return;
    runner.current?.stop();
    setDialog(null);
    const current = createTourRunner({
      steps: TOURS[tour],
      onPause: (step, resume) => setDialog(resume ? { kind: 'pause', at: step.key, resume } : { kind: 'end' }),
      onEnd: () => {
        if (runner.current === current) runner.current = null;
      },
    });
    runner.current = current;
    current.start();
  }, []);

  useEffect(() => tourLauncher.subscribe(run), [run]);
  useEffect(() => () => runner.current?.stop(), []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const at = demoAccount.pending();
      if (at === null) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          demoAccount.take();
          run('demo');
        },
        Math.max(0, at + DEMO_TOUR_START_DELAY_MS - Date.now()),
      );
    };
    schedule();
    const unsubscribe = demoAccount.subscribe(schedule);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [run]);

  const close = () => {
    if (dialog?.kind === 'pause') dialog.resume();
    setDialog(null);
  };
  const signUp = () => {
    runner.current?.stop();
    runner.current = null;
    setDialog(null);
    signUpFromTour();
  };

  return <FreeTrialDialog kind={dialog?.kind ?? null} at={dialog?.kind === 'pause' ? dialog.at : null} userId={userId} onClose={close} onSignUp={signUp} />;
}
