/** The job queue as the composition root, the agent gateway and the purposes' owners see it. */
export { JobQueue, type ClosedJob, type JobOwner, type SentJob } from './queue';
