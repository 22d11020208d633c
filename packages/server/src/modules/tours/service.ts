import { TOUR_IDS, TOUR_VERSIONS, type TourId, type TourState } from '@netloom/domain';
import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import * as repo from './repo';

const isTour = (tour: string): tour is TourId => (TOUR_IDS as readonly string[]).includes(tour);

/**
 * Which guided tours each user finished, and in which version: the console starts a tour once per
 * user and per version (a raised version runs again), on any browser the user signs in from.
 */
export class TourService {
  constructor(private readonly db: Db) {}

  async state(userId: string): Promise<TourState> {
    const rows = await repo.completions(this.db, userId);
    return {
      // A tour the product no longer has is not reported.
      tours: rows.flatMap((r) => (isTour(r.tour) ? [{ tour: r.tour, version: r.version, completed_at: r.completedAt.toISOString() }] : [])),
    };
  }

  async complete(userId: string, tour: string, version: number): Promise<TourState> {
    if (!isTour(tour)) throw errors.notFound('No such tour.');
    // Only a version that exists can be finished: a later one would silence tours not written yet.
    if (version > TOUR_VERSIONS[tour]) throw errors.invalid({ version: [`This tour's newest version is ${TOUR_VERSIONS[tour]}`] });
    await repo.recordCompletion(this.db, userId, tour, version);
    return this.state(userId);
  }
}
